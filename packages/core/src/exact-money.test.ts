import { describe, expect, it } from 'vitest';
import { computeFee, transferFee } from './fees.ts';
import { percentOfCents } from './money.ts';
import { computePayments, defaultPaymentLimits, grossAmount, type RecipientProfile } from './payment-math.ts';
import { computeWithholdings, stateWithholdingRates } from './withholding.ts';
import { paymentRowBody, updatePaymentBody } from './payments.ts';

/** The decimal reference: `cents` times `percent` given as an integer count of 10^-places percent, half-up. */
function reference(cents: number, scaledPercent: number, places: number): number {
  const denominator = 100n * 10n ** BigInt(places);
  return Number((2n * BigInt(cents) * BigInt(scaledPercent) + denominator) / (2n * denominator));
}

/** A small seeded generator so a failure names a case that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const between = (next: () => number, min: number, max: number) => min + Math.floor(next() * (max - min + 1));

describe('exact money: percentages are decimal, rounded half-up, never float then round', () => {
  it('gives the exact half-up cent where float math loses it', () => {
    expect(percentOfCents(21_000, 3.05)).toBe(641);
    expect(grossAmount(250, 64.6)).toBe(162);
    expect(grossAmount(375, 9.2)).toBe(35);
    expect(computeWithholdings(21_000, { is_w2: true, custom_withholding_rate: 3.05, state: null }, 0).state_withholdings).toBe(641);
    expect(computeFee(21_000, { flat_rate: 0, percentage: 3.05, cap: null })).toBe(641);
    expect(transferFee(15_000)).toBe(2);
  });

  it('matches the BigInt decimal reference for splits of earnings up to $200 (300,000 random cases)', () => {
    const next = random(14);
    const mismatches: string[] = [];
    for (let i = 0; i < 300_000; i += 1) {
      const earnings = between(next, 1, 20_000);
      const hundredths = between(next, 1, 10_000);
      const split = hundredths / 100;
      if (grossAmount(earnings, split) !== reference(earnings, hundredths, 2)) mismatches.push(`${earnings} cents at ${split}%`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('matches the reference for fee percentages (3 decimals) and every state rate', () => {
    const next = random(305);
    const mismatches: string[] = [];
    const stateRates = Object.values(stateWithholdingRates);
    for (let i = 0; i < 50_000; i += 1) {
      const amount = between(next, 1, 10_000_000);
      const thousandths = between(next, 0, 10_000);
      if (computeFee(amount, { flat_rate: 0, percentage: thousandths / 1000, cap: null }) !== reference(amount, thousandths, 3))
        mismatches.push(`fee ${amount} at ${thousandths / 1000}%`);
      const rate = stateRates[i % stateRates.length]!;
      const hundredths = Math.round(rate * 100);
      const withheld = computeWithholdings(
        amount,
        { is_w2: true, custom_withholding_rate: null, state: Object.keys(stateWithholdingRates)[i % stateRates.length]! },
        0,
      );
      if (withheld.state_withholdings !== reference(amount, hundredths, 2)) mismatches.push(`withholding ${amount} at ${rate}%`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('computes agent and manager shares of the creator amount exactly', () => {
    const next = random(77);
    const mismatches: string[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const earnings = between(next, 200, 20_000);
      const agentSplit = between(next, 1, 100);
      const creator: RecipientProfile = {
        id: 'c1',
        role: 'creator',
        is_active: true,
        is_w2: false,
        custom_withholding_rate: null,
        state: null,
        agent_id: 'a1',
        agent_split: agentSplit,
        manager_id: null,
        manager_split: 0,
      };
      const result = computePayments(
        [{ recipient: 'c1', recipient_role: 'creator', earnings, split: 100, memo: '', payment_group_id: null }],
        {
          recipients: new Map([['c1', creator]]),
          agent_split_source: 'org',
          manager_split_source: 'org',
          fee_rule: { flat_rate: 0, percentage: 0, cap: null },
          limits: defaultPaymentLimits,
          paid_before: new Map(),
        },
      );
      const agent = result.payments.find((payment) => payment.recipient_role === 'agent');
      if ((agent?.amount ?? 0) !== reference(earnings, agentSplit, 0)) mismatches.push(`${agentSplit}% of ${earnings}`);
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});

describe('payment splits keep 2 decimals', () => {
  it('refuses 33.3333 with a readable message and accepts 33.33', () => {
    const answer = paymentRowBody.safeParse({ recipient: null, split: 33.3333 });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues[0]?.message).toBe('Split can have at most 2 decimals, like 33.33');
    expect(updatePaymentBody.safeParse({ id: '0190f000-0000-7000-8000-000000000000', split: 33.3333 }).success).toBe(false);
    expect(paymentRowBody.safeParse({ split: 33.33 }).success).toBe(true);
  });
});
