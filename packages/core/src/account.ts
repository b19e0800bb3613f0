import { z } from 'zod';
import { text } from './text.ts';
import { emailSchema, messages } from './validation.ts';

/**
 * What a person reads while signing up and changing their email. Sign-up answers the same
 * sentence whether or not the address already has an account: the email tells the rest.
 */
export const accountMessages = {
  signUpSent: 'Check your email: we sent you a link to finish signing up.',
  emailChangeSent: 'Check your new address: we sent it a link to confirm the change.',
  emailChanged: 'Your email address has been changed.',
  sameEmail: 'This is already your email address',
  wrongPassword: 'Your current password is incorrect',
  ownEmailInProfile: 'Change your own email address in Settings > Profile, with your password',
  invalidLink: 'Sorry! This link is no longer valid.',
} as const;

/** PUT /v1/users/email: the new address and the current password. */
export const changeEmailBody = z.object({
  email: emailSchema,
  current_password: text(messages.required).min(1, messages.required).max(200, 'Must be at most 200 characters'),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** The body of the two confirmations (sign-up, new email): the id of the emailed link. */
export const confirmLinkBody = z.object({
  id: z.string({ error: accountMessages.invalidLink }).min(1, accountMessages.invalidLink).max(100, accountMessages.invalidLink),
});
export type ConfirmLinkBody = z.infer<typeof confirmLinkBody>;

/** Answer of POST /v1/users/email/confirm: the address the account now has. */
export const emailChangedAnswer = z.object({ message: z.string(), email: z.string() });
export type EmailChangedAnswer = z.infer<typeof emailChangedAnswer>;

/** PUT /v1/user: the name the person is shown by; blank clears it (their first and last name, else their email, again). */
export const updateProfileBody = z.object({
  display_name: text()
    .trim()
    .max(80, 'Display name must be at most 80 characters')
    .transform((value) => (value === '' ? null : value)),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
