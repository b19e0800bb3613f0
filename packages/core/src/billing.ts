import { z } from 'zod';
import { billingPlans, billingStatuses } from './orgs.ts';
import { scheduledPlanChanges } from './plan-changes.ts';

/** The Premium (standard) plan: 24900 cents a month, the spec's price; the organisation's monthly_fee schedule holds it. */
export const PREMIUM_PLAN_PRICE = 24_900;

const pad = (value: number) => String(value).padStart(2, '0');

/** The billing month of a date, in UTC: '2026-12'. It is the idempotency of a monthly charge. */
export function billingPeriod(date: string | Date): string {
  const day = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date;
  return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}`;
}

/** The first day of the month after `date` (UTC), as 'YYYY-MM-DD'. */
function firstOfNextMonth(date: Date): string {
  const next = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01`;
}

/** An upgrade is charged starting next month: the first billing date is the 1st of the month after it. */
export const firstBillingDate = (upgradedAt: Date): string => firstOfNextMonth(upgradedAt);

/** The billing date after `billingDate` ('YYYY-MM-DD'): the 1st of the following month. */
export const followingBillingDate = (billingDate: string): string => firstOfNextMonth(new Date(`${billingDate}T00:00:00Z`));

/** The sandbox-clock day, 'YYYY-MM-DD' in UTC, compared with billing dates. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

export const billingRecord = z.object({
  plan: z.enum(billingPlans),
  status: z.enum(billingStatuses),
  /** What the plan costs a month, in cents (the organisation's monthly_fee schedule). */
  monthly_price: z.number().int(),
  upgraded_at: z.string().nullable(),
  /** The next day the plan is charged ('YYYY-MM-DD'), null on the free plan. */
  next_billing_date: z.string().nullable(),
  /** Charges not collected yet, in cents. */
  owed: z.number().int(),
  /** A downgrade or cancel the owner scheduled; it takes effect on next_billing_date, uncharged. */
  scheduled_change: z.enum(scheduledPlanChanges).nullable(),
});
export type BillingRecord = z.infer<typeof billingRecord>;

/** What a fee was charged for; the ledger transfer's type decides it. */
export const collectedFeeTypes = ['payment', 'payment_refund', 'transfer_out', 'transfer_out_refund', 'monthly_fee', 'other'] as const;
export type CollectedFeeType = (typeof collectedFeeTypes)[number];

export const collectedFeeLabels: Record<CollectedFeeType, string> = {
  payment: 'Payment fee',
  payment_refund: 'Payment fee refunded',
  transfer_out: 'Transfer out fee',
  transfer_out_refund: 'Transfer out fee refunded',
  monthly_fee: 'Premium plan',
  other: 'Fee',
};

export const collectedFeeRecord = z.object({
  id: z.string(),
  type: z.enum(collectedFeeTypes),
  created_at: z.string(),
  /** Cents taken by Crewpay; a refund of a fee is negative. */
  amount: z.number().int(),
  /** Where it came from in the app: a payment, invoice or contract, the wallet or the plan. */
  link: z.string().nullable(),
});
export type CollectedFeeRecord = z.infer<typeof collectedFeeRecord>;

export const COLLECTED_FEES_PAGE_SIZE = 50;
export const collectedFeesQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  page_size: z.coerce.number().int().min(1).max(100).default(COLLECTED_FEES_PAGE_SIZE),
});
export const collectedFeesPage = z.object({
  data: z.array(collectedFeeRecord),
  total: z.number().int(),
  /** Sum of every collected fee of the organisation (all pages), in cents. */
  total_amount: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type CollectedFeesPage = z.infer<typeof collectedFeesPage>;
