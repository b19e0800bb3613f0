import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRandomPool } from './random.ts';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const VERSION = 'v1';

export type SecretBox = {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** A key of its own for one purpose (a signing secret), derived from the secrets key: hex, stable, never stored. */
  deriveKey(purpose: string): string;
};

/**
 * AES-256-GCM: "v1:<iv>:<tag>:<ciphertext>" in base64url; tampering fails the auth tag. Each box
 * (one per process, main.ts) draws its IVs from a random pool of its own (lib/random.ts).
 */
export function createSecretBox(keyHex: string): SecretBox {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes (64 hex characters)');
  const random = createRandomPool();
  return {
    deriveKey: (purpose) => createHmac('sha256', key).update(`crewpay:${purpose}`).digest('hex'),
    encrypt(plain) {
      const iv = random.bytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split(':');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable secret');
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The configured key, or one generated into the data folder on first start (mode 0600). */
export function resolveSecretsKey(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const keyFile = path.join(dataDir, 'secrets.key');
  if (fs.existsSync(keyFile)) return fs.readFileSync(keyFile, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  fs.writeFileSync(keyFile, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
