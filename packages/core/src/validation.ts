import { z } from 'zod';

export const messages = {
  required: 'This field is required',
  email: 'This field is required and must be an email',
  password: 'Must be at least 8 characters long with a letter, digit, and a special character',
  passwordsMustMatch: 'Passwords must match',
  usPhone: 'This field is required and must be a valid US phone number',
  paypalEmail: 'This field is required and must be an email address',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
const SPECIAL_CHARACTERS = '{}()[].!~@#$%^&*<>+_,:?-';

/** The spec's rule: 8 to 50 characters with a letter, a digit and one of {}()[].!~@#$%^&*<>+_,:?- */
export function isValidPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  const hasLetter = /[A-Za-z]/.test(password);
  const hasDigit = /\d/.test(password);
  const hasSpecial = [...password].some((char) => SPECIAL_CHARACTERS.includes(char));
  return hasLetter && hasDigit && hasSpecial;
}

export const emailSchema = z
  .string({ error: messages.email })
  .trim()
  .min(1, messages.email)
  .max(254, messages.email)
  .pipe(z.email({ error: messages.email }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: messages.password })
  .refine(isValidPassword, { message: messages.password });

export const requiredText = (max = 255) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, `Must be at most ${max} characters`);

/** Secrets come back from the API as tok_ values; sending one back means "unchanged". */
export const SECRET_TOKEN_PREFIX = 'tok_';
export const isSecretToken = (value: unknown): boolean => typeof value === 'string' && value.startsWith(SECRET_TOKEN_PREFIX);

/** Six dots and the last four characters, as the spec masks account numbers. */
export function maskLastFour(lastFour: string | null | undefined): string {
  return lastFour ? `••••••${lastFour}` : '';
}
