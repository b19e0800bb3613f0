import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, resolveSecretsKey } from './secrets.ts';

const KEY = 'a'.repeat(64);

describe('createSecretBox', () => {
  it('round-trips a secret and never stores it readable', () => {
    const box = createSecretBox(KEY);
    const sealed = box.encrypt('000123456789');
    expect(sealed).not.toContain('000123456789');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(box.decrypt(sealed)).toBe('000123456789');
  });

  it('seals the same value differently each time (random IV)', () => {
    const box = createSecretBox(KEY);
    expect(box.encrypt('123-45-6789')).not.toBe(box.encrypt('123-45-6789'));
  });

  it('refuses a tampered ciphertext and another key', () => {
    const box = createSecretBox(KEY);
    const [version, iv, tag, ciphertext] = box.encrypt('secret').split(':');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.decrypt([version, iv, tag, flipped.toString('base64url')].join(':'))).toThrow();
    expect(() => createSecretBox('b'.repeat(64)).decrypt(box.encrypt('secret'))).toThrow();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox('abcd')).toThrow(/32 bytes/);
  });
});

describe('resolveSecretsKey', () => {
  it('generates a key into the data folder once (mode 0600) and reads it back afterwards', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-secrets-'));
    const first = resolveSecretsKey(undefined, dataDir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(resolveSecretsKey(undefined, dataDir)).toBe(first);
    expect(resolveSecretsKey(KEY, dataDir)).toBe(KEY);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
