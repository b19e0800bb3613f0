import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2 } as const;

export const hashPassword = (password: string) => hash(password, options);

// Verified against when the email is unknown, so a miss takes as long as a wrong password.
const UNKNOWN_USER_HASH = hash('crewpay-unknown-user-placeholder-1!', options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    await verify(await UNKNOWN_USER_HASH, password);
    return false;
  }
  return verify(passwordHash, password);
}
