import { z } from 'zod';
import { PREMIUM_PLAN_PRICE } from './billing.ts';
import { divideCentsHalfUp, percentOfCents } from './money.ts';

export const feeTypes = ['outbound_payment', 'contract', 'invoice_ach', 'invoice_card', 'monthly_fee'] as const;
export type FeeType = (typeof feeTypes)[number];

export type FeeRule = { flat_rate: number; percentage: number; cap: number | null };

export const feeScheduleRecord = z.object({
  id: z.string(),
  type: z.enum(feeTypes),
  flat_rate: z.number().int(),
  percentage: z.number(),
  cap: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeeScheduleRecord = z.infer<typeof feeScheduleRecord>;

/** What every organisation starts with (see docs/decisions.md, Wallet). Cents and percent. */
export const defaultFeeSchedules: Record<FeeType, FeeRule> = {
  outbound_payment: { flat_rate: 0, percentage: 0, cap: null },
  contract: { flat_rate: 0, percentage: 0, cap: null },
  invoice_ach: { flat_rate: 0, percentage: 0.8, cap: 500 },
  invoice_card: { flat_rate: 30, percentage: 2.9, cap: null },
  // The Premium plan's price (docs/billing.md); the free plan is never charged.
  monthly_fee: { flat_rate: PREMIUM_PLAN_PRICE, percentage: 0, cap: null },
};

/** flat_rate plus percentage of the amount, rounded to the cent, at most cap when there is one. */
export function computeFee(amount: number, rule: FeeRule): number {
  const fee = rule.flat_rate + percentOfCents(amount, rule.percentage);
  return rule.cap === null ? fee : Math.min(rule.cap, fee);
}

/** Transfer out of the wallet: 0.01% of the amount rounded to the cent, at most $10.00. */
export const TRANSFER_FEE_CAP = 1000;
export function transferFee(amount: number): number {
  return Math.min(TRANSFER_FEE_CAP, divideCentsHalfUp(amount, 10000));
}

const percentText = (percentage: number) => `${Number(percentage.toFixed(3))}%`;
const dollarsText = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** "$0.30 + 2.9%", "0.8% (max $5.00)", or "are free!" when nothing is charged. */
export function describeFee(rule: FeeRule): string {
  const parts: string[] = [];
  if (rule.flat_rate > 0) parts.push(dollarsText(rule.flat_rate));
  if (rule.percentage > 0) parts.push(percentText(rule.percentage));
  if (parts.length === 0) return 'are free!';
  const cap = rule.cap !== null ? ` (max ${dollarsText(rule.cap)})` : '';
  return `${parts.join(' + ')}${cap}`;
}
