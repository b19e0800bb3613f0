import { z } from 'zod';
import { text } from './text.ts';

/**
 * The filters the lists share, as their URL query keeps them (?created_from=2026-01-01&amount_min=5000):
 * days are UTC days, amounts are cents. Each list's query schema spreads the ones that apply to it.
 */
export const listFilterMessages = {
  day: 'Enter a date as YYYY-MM-DD',
  cents: 'Enter an amount in cents',
  maxCents: 'Enter an amount of at most $1,000,000,000.00',
  search: 'Search for at most 200 characters',
} as const;

/** A day of a list's date range (UTC), a real calendar date Postgres can compare. */
export const filterDay = z.iso
  .date(listFilterMessages.day)
  .refine((value) => value >= '1900-01-01', listFilterMessages.day)
  .optional();

/** An amount bound in cents, up to a billion dollars. */
export const filterCents = z.coerce
  .number({ error: listFilterMessages.cents })
  .int(listFilterMessages.cents)
  .min(0, listFilterMessages.cents)
  .max(100_000_000_000, listFilterMessages.maxCents)
  .optional();

/** The one search box of a list: names, emails, numbers, matched server-side. */
export const listSearch = text().trim().max(200, listFilterMessages.search).optional();

/** Created on or after created_from and on or before created_to (UTC days). */
export const createdRangeFields = { created_from: filterDay, created_to: filterDay };
/** An amount of at least amount_min and at most amount_max (cents). */
export const amountRangeFields = { amount_min: filterCents, amount_max: filterCents };
