import { describe, expect, it } from 'vitest';
import { signUpBody } from './auth.ts';
import { emailSchema, isValidPassword, messages } from './validation.ts';

describe('isValidPassword', () => {
  it.each(['abcdef1!', 'Passw0rd{', 'x9~xxxxx', `a1-${'z'.repeat(47)}`])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
  });

  it.each([
    ['too short', 'abc1!'],
    ['too long', `a1-${'z'.repeat(48)}`],
    ['no digit', 'abcdefg!'],
    ['no letter', '1234567!'],
    ['no special from the set', 'abcdefg1'],
    ['a special outside the set', 'abcdefg1='],
  ])('refuses a password that is %s', (_why, password) => {
    expect(isValidPassword(password)).toBe(false);
  });
});

describe('emailSchema', () => {
  it('lower-cases and trims', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('refuses a non-email with the spec message', () => {
    const result = emailSchema.safeParse('jane@');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(messages.email);
  });
});

describe('signUpBody', () => {
  it('flags the password with the hint text', () => {
    const result = signUpBody.safeParse({ email: 'a@b.co', password: 'short' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['password'], message: messages.password });
  });
});
