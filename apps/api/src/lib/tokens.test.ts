import { describe, expect, it } from 'vitest';
import { hashToken, newSecretToken, newSecretTokens } from './tokens.ts';

describe('secret tokens', () => {
  it('draws 256-bit tokens, one at a time or many at once, each its own', () => {
    const tokens = [newSecretToken(), ...newSecretTokens(1_000)];
    expect(tokens).toHaveLength(1_001);
    expect(tokens.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(newSecretTokens(0)).toEqual([]);
  });

  it('stores a token as its SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
