import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOrgBody, isWebsite } from './orgs.ts';
import { createPaymentsBody } from './payments.ts';
import { findNul, secretText, stripBidiControls, text, textMessages } from './text.ts';
import { centsSchema, isValidRoutingNumber } from './validation.ts';
import { routingNumberSchema } from './wallets.ts';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('text()', () => {
  it('refuses a NUL anywhere with a readable message', () => {
    expect(firstMessage(text(), 'a\u0000b')).toBe(textMessages.nul);
    expect(text().safeParse('fine').success).toBe(true);
  });

  it('finds the path of a NUL inside nested input', () => {
    expect(findNul({ a: [{ b: 'x' }, { c: 'y\u0000' }] })).toBe('a.1.c');
    expect(findNul({ a: 1, b: ['ok'] })).toBeNull();
    expect(findNul({ a: { 'b\u0000': 1 } })).toBe('a.b\u0000');
  });

  it('leaves an uploaded file body (bytes) to its route, at once', () => {
    const started = performance.now();
    expect(findNul(new Uint8Array(10 * 1024 * 1024))).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('walks input nested far deeper than the call stack without overflowing', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(findNul(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});

describe('bidirectional controls', () => {
  it('are removed by every text field, before trim and length checks', () => {
    expect(stripBidiControls('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl')).toBe('abcdefghijkl');
    expect(text().trim().max(7).parse(' \u202Eexe.pdf\u202C ')).toBe('exe.pdf');
    expect(text().parse('שלום \u05E2\u05D5\u05DC\u05DD')).toBe('שלום \u05E2\u05D5\u05DC\u05DD');
  });

  it('are kept in a password', () => {
    expect(secretText().parse('pa\u200Ess')).toBe('pa\u200Ess');
    expect(firstMessage(secretText(), 'a\u0000')).toBe(textMessages.nul);
  });
});

describe('readable zod messages', () => {
  it('states the money cap in dollars, and "above $0.00" only at or below zero', () => {
    const amount = centsSchema();
    expect(firstMessage(amount, 100_000_000_001)).toBe('Enter an amount up to $1,000,000,000.00');
    expect(firstMessage(amount, 0)).toBe('Enter an amount above $0.00');
    expect(firstMessage(amount, -5)).toBe('Enter an amount above $0.00');
    expect(firstMessage(amount, 1.5)).toBe('Enter an amount in dollars and cents');
    expect(firstMessage(amount, 'ten')).toBe('Enter an amount in dollars and cents');
  });

  it('never shows zod’s developer text for a payment row', () => {
    const messages = [
      firstMessage(createPaymentsBody, [{ recipient: 'not-a-uuid' }]),
      firstMessage(createPaymentsBody, [{ earnings: 1e15 }]),
      firstMessage(createPaymentsBody, [{ earnings: 'x' }]),
      firstMessage(createPaymentsBody, [{ split: 500 }]),
      firstMessage(createPaymentsBody, [{ recipient_role: 'boss' }]),
      firstMessage(createPaymentsBody, 'nope'),
    ];
    expect(messages).toEqual([
      'This recipient is not one of your creators, agents or managers',
      'Enter an amount up to $1,000,000,000.00',
      'Enter an amount in dollars and cents',
      'Split must be a percentage from 0 to 100',
      'Must be one of: creator, agent, manager',
      'Must be a list',
    ]);
    for (const message of messages) expect(message).not.toMatch(/expected|Invalid input|Too big|Too small/);
  });
});

describe('routing numbers', () => {
  it.each(['110000000', '021000021', '011000015'])('accepts %s (ABA checksum)', (value) => {
    expect(isValidRoutingNumber(value)).toBe(true);
    expect(routingNumberSchema.safeParse(value).success).toBe(true);
  });
  it.each(['123456789', '110000001', '12345678', '11000000a'])('refuses %s', (value) => {
    expect(isValidRoutingNumber(value)).toBe(false);
  });
  it('says why', () => {
    expect(firstMessage(routingNumberSchema, '123456789')).toBe('This is not a valid routing number: check its 9 digits');
  });
});

describe('websites', () => {
  it.each(['https://acme.example', 'http://a.example/path', 'acme.com'])('accepts %s', (value) => expect(isWebsite(value)).toBe(true));
  it.each(['not a url', 'acme', 'javascript:alert(1)', 'ftp://acme.com', 'https://user:pw@acme.com'])('refuses %s', (value) => {
    expect(isWebsite(value)).toBe(false);
    expect(firstMessage(createOrgBody, { name: 'A', website: value })).toBe('Enter a website address, like https://example.com');
  });
});
