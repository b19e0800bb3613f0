import { z } from 'zod';
import { externalRoles, staffRoles } from './roles.ts';
import { secretText } from './text.ts';
import { passkeyAssertion } from './passkeys.ts';
import { twoFactorCode } from './two-factor.ts';
import { emailSchema, passwordSchema, messages } from './validation.ts';

export const signUpBody = z.object({ email: emailSchema, password: passwordSchema });
export type SignUpBody = z.infer<typeof signUpBody>;

/** The sign-in toggle: staff sign in as Team member, creators and customers (external accounts) as 'Creator'. */
export const signInAudiences = ['team', 'creator'] as const;
export type SignInAudience = (typeof signInAudiences)[number];
export const signInMessages = {
  useCreatorSide: 'This is not a team member account: choose Creator above and sign in again.',
  useTeamSide: 'This is a team member account: choose Team member above and sign in again.',
} as const;

export const signInBody = z.object({
  email: emailSchema,
  // Optional so API clients without the toggle sign in as before.
  audience: z.enum(signInAudiences, { error: 'Choose Team member or Creator' }).optional(),
  password: secretText(messages.required).min(1, messages.required).max(200, 'Must be at most 200 characters'),
  // Asked only of an account with two-factor sign-in on: its authenticator code or a recovery code.
  code: twoFactorCode.optional(),
  // Or, in place of the code, a passkey's answer to a challenge from /v1/users/passkeys/authentication.
  passkey: passkeyAssertion.optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

export const changePasswordBody = z.object({
  current_password: secretText(messages.required).min(1, messages.required).max(200, 'Must be at most 200 characters'),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const resetPasswordBody = z.object({ email: emailSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Body of POST /v1/expiring_link for a password link (set-new-password page and invitations). */
// `code`: a reset link alone (a mailbox) never gets past an account's two-factor sign-in.
export const setPasswordFromLinkBody = z.object({ password: passwordSchema, code: twoFactorCode.optional() });
export type SetPasswordFromLinkBody = z.infer<typeof setPasswordFromLinkBody>;

export const userRecord = z.object({
  id: z.string(),
  email: z.string(),
  org_id: z.string(),
  role: z.enum([...staffRoles, ...externalRoles]),
  is_external: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The name chosen in Settings > Profile, shown instead of first and last name; null when none. */
  display_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Login-as: the real person acting as this user (null or absent when nobody is). */
  acting_by: z
    .object({
      id: z.string(),
      email: z.string(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      display_name: z.string().nullable(),
      /** When acting ends by itself (login-as lasts ACTING_MINUTES at most). */
      expires_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type UserRecord = z.infer<typeof userRecord>;

export const sessionAnswer = z.object({
  auth_token: z.string(),
  is_external: z.boolean(),
  user: userRecord,
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;
