import { z } from 'zod';
import { secretText } from './text.ts';

/** Recovery codes shown at enrolment: each signs in once in place of the authenticator's code. */
export const RECOVERY_CODE_COUNT = 10;
/** How long a second factor counts as fresh for sensitive actions (changing payout details, roles, API keys). */
export const FRESH_FACTOR_MINUTES = 10;

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  wrongCode: 'That code is not right: enter the current code from your authenticator app, or an unused recovery code',
  alreadyEnrolled: 'Two-factor sign-in is already on: remove it first to set up a new authenticator app',
  notStarted: 'Start the set-up again: scan the new QR code, then enter its code',
  notEnrolled: 'Two-factor sign-in is not on for this account',
  requiredByOrg: 'Your organization requires two-factor sign-in: set it up to continue',
  cannotRemoveRequired: 'Your organization requires two-factor sign-in, so it cannot be removed',
  ownerFirst: 'Turn on two-factor sign-in for your own account first',
  emailCodeRequired: 'Enter the 6-digit code we emailed you',
  emailCodeWrong: 'That emailed code is not right or has expired: start the set-up again for a new one',
  freshFactor: `Confirm it is you: enter a code from your authenticator app (asked again after ${FRESH_FACTOR_MINUTES} minutes)`,
} as const;

/** Either a 6-digit authenticator code or a recovery code (xxxxx-xxxxx); spaces are forgiven. */
export const twoFactorCode = secretText(twoFactorMessages.codeRequired)
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, twoFactorMessages.wrongCode));

export const twoFactorCodeBody = z.object({ code: twoFactorCode });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBody>;

/**
 * The code emailed to a person setting up their first sign-in factor (they have no factor to
 * prove, so they prove their email): 6 digits, spaces forgiven.
 */
export const emailedCode = secretText(twoFactorMessages.emailCodeRequired)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, twoFactorMessages.emailCodeRequired));

/** POST /v1/users/two_factor/totp/confirm: the app's first code, and the emailed code for a first factor. */
export const totpConfirmBody = z.object({ code: twoFactorCode, email_code: emailedCode.optional() });
export type TotpConfirmBody = z.infer<typeof totpConfirmBody>;

export const twoFactorStatus = z.object({
  totp_enabled: z.boolean(),
  /** How many passkeys the person has (each a second factor too). */
  passkeys: z.number().int(),
  recovery_codes_left: z.number().int(),
  /** The organization requires two-factor sign-in of every staff member. */
  required_by_org: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The secret to put in the authenticator app: shown while setting up, never again. */
export const totpSetupAnswer = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** A first factor: a code was emailed to the person, to give with the app's first code. */
  email_code_sent: z.boolean(),
});
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswer>;

/** Shown once, at enrolment: only their hashes are kept. */
export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

export const orgTwoFactorBody = z.object({ required: z.boolean() });
export type OrgTwoFactorBody = z.infer<typeof orgTwoFactorBody>;
