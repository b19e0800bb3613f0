import { randomUUID } from 'node:crypto';
import { convertMinor, decimalToMinor, minorToMajorString } from '@crewpay/core';
import type { FakeAnswer } from '../http-fake.ts';

/** The fake's client: what Nium Portal shows a new client (clientHashId and x-api-key) and the name it chose. */
export const NIUM_FAKE_CLIENT = {
  clientHashId: '0498f10f-1968-494f-9f7a-454ed23942a0',
  apiKey: 'nium-fake-api-key',
  clientName: 'crewpay',
  /** The static x-partner-key Nium sends with every webhook (configured at client setup). */
  partnerKey: 'nium-fake-partner-key',
};

/**
 * Mid-market rates of one US dollar, as the fake's rate provider quotes them. A quote's
 * netExchangeRate takes Nium's markup off: what the payee gets is a little less than mid-market.
 */
export const MID_MARKET_PER_USD: Record<string, string> = {
  USD: '1',
  GBP: '0.7912',
  EUR: '0.9231',
  INR: '83.2155',
  BRL: '5.0512',
  JPY: '151.37',
  MXN: '17.0534',
  PHP: '56.1225',
};
/** Nium's markup on a payout quote, as a fraction of the rate. */
export const MARKUP = 0.004;

/** A rate as text with 6 significant decimals, never a float's long tail. */
const rateText = (value: number) => String(Number(value.toFixed(6)));

/** Units of `to` for one unit of `from`, mid-market and net of the markup. */
export function rateOf(from: string, to: string): { exchangeRate: number; netExchangeRate: number } | null {
  const perFrom = MID_MARKET_PER_USD[from];
  const perTo = MID_MARKET_PER_USD[to];
  if (!perFrom || !perTo) return null;
  const exchangeRate = Number(rateText(Number(perTo) / Number(perFrom)));
  const netExchangeRate = from === to ? 1 : Number(rateText(exchangeRate * (1 - MARKUP)));
  return { exchangeRate, netExchangeRate };
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
