import { z } from 'zod';
import { formatCents } from './money.ts';
import { secretText, text } from './text.ts';

export const messages = {
  required: 'This field is required',
  email: 'This field is required and must be an email',
  password: 'Must be at least 8 characters long with a letter, digit, and a special character',
  passwordsMustMatch: 'Passwords must match',
  usPhone: 'This field is required and must be a valid US phone number',
  paypalEmail: 'This field is required and must be an email address',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 50;
const SPECIAL_CHARACTERS = '{}()[].!~@#$%^&*<>+_,:?-';

/** The spec's rule: 8 to 50 characters with a letter, a digit and one of {}()[].!~@#$%^&*<>+_,:?- */
export function isValidPassword(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  const hasLetter = /[A-Za-z]/.test(password);
  const hasDigit = /\d/.test(password);
  const hasSpecial = [...password].some((char) => SPECIAL_CHARACTERS.includes(char));
  return hasLetter && hasDigit && hasSpecial;
}

export const emailSchema = text(messages.email)
  .trim()
  .min(1, messages.email)
  .max(254, messages.email)
  .pipe(z.email({ error: messages.email }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = secretText(messages.password).refine(isValidPassword, { message: messages.password });

export const requiredText = (max = 255) =>
  text(messages.required).trim().min(1, messages.required).max(max, `Must be at most ${max} characters`);

/** Secrets come back from the API as tok_ values; sending one back means "unchanged". */
export const SECRET_TOKEN_PREFIX = 'tok_';
export const isSecretToken = (value: unknown): boolean => typeof value === 'string' && value.startsWith(SECRET_TOKEN_PREFIX);

/** Six dots and the last four characters, as the spec masks account numbers. */
export function maskLastFour(lastFour: string | null | undefined): string {
  return lastFour ? `••••••${lastFour}` : '';
}

/** Money inputs: integer cents from `min` to `max`, every message written for a person. */
export const MAX_AMOUNT_CENTS = 100_000_000_000;
export const moneyMessages = {
  aboveZero: 'Enter an amount above $0.00',
  notNegative: 'Enter an amount of $0.00 or more',
  wholeCents: 'Enter an amount in dollars and cents',
  upTo: (maxCents: number) => `Enter an amount up to ${formatCents(maxCents)}`,
} as const;

export const centsSchema = (options: { min?: 0 | 1; max?: number } = {}) => {
  const min = options.min ?? 1;
  const max = options.max ?? MAX_AMOUNT_CENTS;
  const belowMessage = min === 1 ? moneyMessages.aboveZero : moneyMessages.notNegative;
  return z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : moneyMessages.wholeCents) })
    .int(moneyMessages.wholeCents)
    .min(min, belowMessage)
    .max(max, moneyMessages.upTo(max));
};

/** ABA routing number: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}
export const routingNumberMessage = 'This field is required and must be a valid 9-digit routing number';
export const accountNumberMessage = 'Must be 4 to 17 digits, numbers only';
