import { createHash, randomBytes, randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 32;

/** An unguessable token (256 bits) for sessions and public links. */
export function newSecretToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Many tokens at once (a bulk import invites thousands): their bytes drawn in one call into
 * OpenSSL, not one per token, each token a slice of its own.
 */
export function newSecretTokens(count: number): string[] {
  const bytes = randomFillSync(Buffer.alloc(count * TOKEN_BYTES));
  return Array.from({ length: count }, (_, index) => bytes.subarray(index * TOKEN_BYTES, (index + 1) * TOKEN_BYTES).toString('base64url'));
}

/** Tokens are stored hashed: a database leak must not hand out live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
