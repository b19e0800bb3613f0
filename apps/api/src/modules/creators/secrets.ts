import { createHash } from 'node:crypto';
import { SECRET_TOKEN_PREFIX, isSecretToken } from '@crewpay/core';
import type { SecretBox } from '../../lib/secrets.ts';

/**
 * What an answer carries in place of a stored secret: an opaque tok_ value derived from the
 * ciphertext (which is random per encryption), so it says nothing about the number itself.
 */
export function secretToken(sealed: string | null): string | null {
  if (!sealed) return null;
  return `${SECRET_TOKEN_PREFIX}${createHash('sha256').update(sealed).digest('base64url').slice(0, 24)}`;
}

type SealedSecret = { sealed: string; last4: string };

export function sealSecret(secrets: SecretBox, plain: string): SealedSecret {
  return { sealed: secrets.encrypt(plain), last4: plain.slice(-4) };
}

/** An update value: undefined (not sent, or a tok_ echo: unchanged), null (remove) or a new secret. */
export function secretChange(secrets: SecretBox, value: string | null | undefined): SealedSecret | null | undefined {
  if (value === undefined || isSecretToken(value)) return undefined;
  if (value === null) return null;
  return sealSecret(secrets, value);
}
