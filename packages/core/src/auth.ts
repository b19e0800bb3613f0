import { z } from 'zod';
import { externalRoles, staffRoles } from './roles.ts';
import { text } from './text.ts';
import { emailSchema, passwordSchema, messages } from './validation.ts';

export const signUpBody = z.object({ email: emailSchema, password: passwordSchema });
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({
  email: emailSchema,
  password: text(messages.required).min(1, messages.required).max(200, 'Must be at most 200 characters'),
});
export type SignInBody = z.infer<typeof signInBody>;

export const changePasswordBody = z.object({
  current_password: text(messages.required).min(1, messages.required).max(200, 'Must be at most 200 characters'),
  new_password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const resetPasswordBody = z.object({ email: emailSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Body of POST /v1/expiring_link for a password link (set-new-password page and invitations). */
export const setPasswordFromLinkBody = z.object({ password: passwordSchema });
export type SetPasswordFromLinkBody = z.infer<typeof setPasswordFromLinkBody>;

export const userRecord = z.object({
  id: z.string(),
  email: z.string(),
  org_id: z.string(),
  role: z.enum([...staffRoles, ...externalRoles]),
  is_external: z.boolean(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
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
