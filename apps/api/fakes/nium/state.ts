import { randomUUID } from 'node:crypto';
import { convertMinor, decimalToMinor, minorToMajorString } from '@crewpay/core';
import { NIUM_SANDBOX_MID_MARKET_PER_USD, niumSandboxRate } from '../../src/providers/payouts/nium-sandbox-rates.ts';
import type { FakeAnswer } from '../http-fake.ts';

/** The fake's client: what Nium Portal shows a new client (clientHashId and x-api-key) and the name it chose. */
export const NIUM_FAKE_CLIENT = {
  clientHashId: '0498f10f-1968-494f-9f7a-454ed23942a0',
  apiKey: 'nium-fake-api-key',
  clientName: 'crewpay',
  /** The static x-partner-key Nium sends with every webhook (configured at client setup). */
  partnerKey: 'nium-fake-partner-key',
};

/** The fake quotes the sandbox's fixed rates (src/providers/payouts/nium-sandbox-rates.ts). */
export const MID_MARKET_PER_USD = NIUM_SANDBOX_MID_MARKET_PER_USD;
/**
 * How far the market moved from the sandbox's rates, per currency (1: not at all): a test moves it
 * (moveMarket) to show a quote's lock holding while the live rate changes, and a new quote at the new rate.
 */
export const marketMoves = new Map<string, number>();
const moved = (value: number, factor: number) => Number((value * factor).toFixed(6));
export function rateOf(from: string, to: string): { exchangeRate: number; netExchangeRate: number } | null {
  const rate = niumSandboxRate(from, to);
  const factor = (marketMoves.get(to) ?? 1) / (marketMoves.get(from) ?? 1);
  if (!rate || factor === 1) return rate;
  return { exchangeRate: moved(rate.exchangeRate, factor), netExchangeRate: moved(rate.netExchangeRate, factor) };
}

export type Balances = Map<string, number>;
export type Customer = { customerHashId: string; walletHashId: string; businessName: string; balances: Balances };

export type Quote = {
  id: string;
  customerHashId: string | undefined;
  sourceCurrencyCode: string;
  destinationCurrencyCode: string;
  exchangeRate: number;
  netExchangeRate: number;
  lockPeriod: string;
  createdAt: number;
  expiresAt: number;
  sourceAmount?: number;
  destinationAmount?: number;
};

export const LOCK_MINUTES: Record<string, number> = {
  '5_mins': 5,
  '15_mins': 15,
  '1_hour': 60,
  '4_hours': 240,
  '8_hours': 480,
  '24_hours': 1440,
};

export const newId = () => randomUUID();
/** Nium's systemReferenceNumber: RT and ten digits for a remittance, FW for a funding. */
export const systemReference = (prefix: 'RT' | 'FW') => `${prefix}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;

/** A JSON number of major units (Nium's amounts are decimal numbers). */
export const major = (minor: number, currency: string) => Number(minorToMajorString(minor, currency));
/** Nium's webhook amounts are decimal strings with four places ("5418.1700"). */
export const majorText = (minor: number, currency: string) => {
  const text = minorToMajorString(minor, currency);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(4, '0')}`;
};
export const minorOf = (value: unknown, currency: string): number | null =>
  typeof value === 'number' || typeof value === 'string' ? decimalToMinor(value, currency) : null;
export { convertMinor };

/** Nium's error body (ApiError): the status name, a message and the errors. */
export function niumError(
  status: number,
  message: string,
  errors: (string | { code: string; description: string; field?: string })[] = [],
): FakeAnswer {
  const names: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    500: 'INTERNAL_SERVER_ERROR',
  };
  return { status, body: { status: names[status] ?? 'BAD_REQUEST', message, errors } };
}
