import { createHash } from 'node:crypto';
import { pooledRandomBytes } from './random.ts';

/** An unguessable token (256 bits) for sessions and public links. */
export function newSecretToken(): string {
  return pooledRandomBytes(32).toString('base64url');
}

/** Tokens are stored hashed: a database leak must not hand out live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
