import { signInBody } from '@crewpay/core';

export type SignInValues = { email: string; password: string };
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

const fields: SignInField[] = ['email', 'password'];

/**
 * The sign-in form's rules: the API's own schema, so the messages are the API's. Loaded on the
 * first keystroke (see sign-in-form.tsx): zod is not part of what /signin downloads to paint.
 * Like react-hook-form's zod resolver, each field shows its first issue.
 */
export function validateSignIn(values: SignInValues): { body: SignInValues } | { errors: SignInErrors } {
  const parsed = signInBody.safeParse(values);
  if (parsed.success) return { body: { email: parsed.data.email, password: parsed.data.password } };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return { errors };
}
