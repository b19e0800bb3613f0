import { z } from 'zod';
import { emailedCode } from './two-factor.ts';
import { messages } from './validation.ts';

export const PASSKEY_NAME_MAX = 60;

export const passkeyMessages = {
  refused: 'That passkey did not work: try again, or use another way to sign in',
  expired: 'That passkey request has expired or was already used: try again',
  notFound: 'Passkey not found',
  lastRequired: 'Your organization requires two-factor sign-in: keep one passkey or an authenticator app',
} as const;

export const passkeyTransports = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof passkeyTransports)[number];

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

/** The authenticator's answer as @simplewebauthn/browser hands it over (the fields the server reads). */
const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

export const passkeyAttestation = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    // Ways the authenticator is reached; a name this list does not know yet is dropped, not refused.
    transports: z
      .array(z.string().max(40))
      .max(10)
      .transform((names) => names.filter((name): name is PasskeyTransport => (passkeyTransports as readonly string[]).includes(name)))
      .optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

export const passkeyAssertion = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

export const passkeyRegisterBody = z.object({
  name: z.string().trim().min(1, messages.required).max(PASSKEY_NAME_MAX, `Must be at most ${PASSKEY_NAME_MAX} characters`),
  credential: passkeyAttestation,
  /** A first factor: the code emailed when the registration started. */
  email_code: emailedCode.optional(),
});
export type PasskeyRegisterBody = z.infer<typeof passkeyRegisterBody>;

export const passkeyAssertionBody = z.object({ credential: passkeyAssertion });
export type PasskeyAssertionBody = z.infer<typeof passkeyAssertionBody>;

/** WebAuthn options for the browser (navigator.credentials.create/get through @simplewebauthn/browser). */
export const passkeyOptionsAnswer = z.object({
  options: z.looseObject({ challenge: z.string() }),
  /** Registration of a first factor: a code was emailed to the person, to give with the new passkey. */
  email_code_sent: z.boolean().optional(),
});
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswer>;

export const passkeyRecord = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type PasskeyRecord = z.infer<typeof passkeyRecord>;

export const passkeyList = z.object({ data: z.array(passkeyRecord) });
export type PasskeyList = z.infer<typeof passkeyList>;

/** A new passkey; recovery_codes only when it is the account's first second factor (shown once). */
export const passkeyRegisteredAnswer = z.object({ passkey: passkeyRecord, recovery_codes: z.array(z.string()) });
export type PasskeyRegisteredAnswer = z.infer<typeof passkeyRegisteredAnswer>;
