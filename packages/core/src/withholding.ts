import { divideHalfUp, percentOfCents } from './money.ts';

/**
 * W-2 withholding on a payment (see docs/decisions.md, Payments). Rates are percent.
 * State: the recipient's state from this table (supplemental or flat rate), or their
 * custom_withholding_rate. Federal: 22% of supplemental wages up to a cumulative
 * 100,000,000 cents paid to the recipient in the calendar year, 37% above.
 */
export const stateWithholdingRates: Record<string, number> = {
  AL: 5,
  AK: 0,
  AZ: 2.5,
  AR: 3.9,
  CA: 6.6,
  CO: 4.4,
  CT: 6.99,
  DE: 6.6,
  DC: 10.75,
  FL: 0,
  GA: 5.49,
  HI: 7.25,
  ID: 5.8,
  IL: 4.95,
  IN: 3.05,
  IA: 6,
  KS: 5,
  KY: 4,
  LA: 4.25,
  ME: 5,
  MD: 5.75,
  MA: 5,
  MI: 4.25,
  MN: 6.25,
  MS: 5,
  MO: 4.8,
  MT: 5,
  NE: 5,
  NV: 0,
  NH: 0,
  NJ: 6.37,
  NM: 4.9,
  NY: 4.25,
  NC: 4.5,
  ND: 1.5,
  OH: 3.5,
  OK: 4.75,
  OR: 8,
  PA: 3.07,
  RI: 5.99,
  SC: 6.4,
  SD: 0,
  TN: 0,
  TX: 0,
  UT: 4.65,
  VT: 6.6,
  VA: 5.75,
  WA: 0,
  WV: 6.5,
  WI: 5.3,
  WY: 0,
};

export const FEDERAL_THRESHOLD_CENTS = 100_000_000;
export const FEDERAL_RATE_BELOW = 22;
export const FEDERAL_RATE_ABOVE = 37;

export type WithholdingProfile = { is_w2: boolean; custom_withholding_rate: number | null; state: string | null };
export type Withholdings = { state_withholdings: number; federal_withholdings: number };

/** The state rate in percent: the custom rate when set, else the state's (0 for an unknown state). */
export function stateRate(profile: WithholdingProfile): number {
  if (profile.custom_withholding_rate !== null) return profile.custom_withholding_rate;
  return stateWithholdingRates[(profile.state ?? '').toUpperCase()] ?? 0;
}

/** Federal withholding of `amount` when `paidBefore` cents were already paid this year; splits at the threshold. */
export function federalWithholding(amount: number, paidBefore: number): number {
  const roomBelow = Math.max(0, FEDERAL_THRESHOLD_CENTS - paidBefore);
  const below = Math.min(amount, roomBelow);
  const above = amount - below;
  return Number(divideHalfUp(BigInt(below) * BigInt(FEDERAL_RATE_BELOW) + BigInt(above) * BigInt(FEDERAL_RATE_ABOVE), 100n));
}

export function computeWithholdings(amount: number, profile: WithholdingProfile, paidBefore: number): Withholdings {
  if (!profile.is_w2 || amount <= 0) return { state_withholdings: 0, federal_withholdings: 0 };
  return {
    state_withholdings: percentOfCents(amount, stateRate(profile)),
    federal_withholdings: federalWithholding(amount, paidBefore),
  };
}
