import { z } from 'zod';

/** How Home's money in and out chart groups the last 12 months. */
export const cashflowIntervals = ['week', 'month'] as const;
export type CashflowInterval = (typeof cashflowIntervals)[number];

export const cashflowQuery = z.object({
  interval: z.enum(cashflowIntervals, { error: 'Choose week or month' }).default('month'),
});
export type CashflowQuery = z.infer<typeof cashflowQuery>;

/**
 * Money that crossed the organisation's books, in cents, from the ledger: in from outside (invoice
 * receipts, other arrivals such as wallet funding) and out (payouts, Crewpay's fees, refunds,
 * disputes and returns). money_in and money_out are the sums of their parts.
 */
export const cashflowFigures = z.object({
  money_in: z.number().int(),
  invoice_receipts: z.number().int(),
  wallet_funding: z.number().int(),
  money_out: z.number().int(),
  payouts: z.number().int(),
  fees: z.number().int(),
  refunds: z.number().int(),
  disputes: z.number().int(),
  /** Backup withholding kept back from payments and owed to the IRS: still in the wallet, so not money out; never margin. */
  withheld_tax: z.number().int(),
});
export type CashflowFigures = z.infer<typeof cashflowFigures>;

/** One week or month (its first day, YYYY-MM-DD in UTC) and its figures. */
export const cashflowBucket = cashflowFigures.extend({ start: z.string() });
export type CashflowBucket = z.infer<typeof cashflowBucket>;

/** GET /v1/dashboard/cashflow: every week or month of the last 12 months, oldest first, empty ones at 0. */
export const cashflowAnswer = z.object({ interval: z.enum(cashflowIntervals), buckets: z.array(cashflowBucket) });
export type CashflowAnswer = z.infer<typeof cashflowAnswer>;
