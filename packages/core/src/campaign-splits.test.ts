import { describe, expect, it } from 'vitest';
import { createCampaignSplitBody, campaignSplitMessages } from './campaign-splits.ts';
import { splitMessage } from './creators.ts';
import {
  campaignSplitKey,
  computePayments,
  defaultPaymentLimits,
  grossAmount,
  type PartySplits,
  type PaymentMathContext,
  type PaymentRowInput,
  type RecipientProfile,
} from './payment-math.ts';

const CAMPAIGN = 'camp-1';
const creator = (overrides: Partial<RecipientProfile> = {}): RecipientProfile => ({
  id: 'c1',
  role: 'creator',
  is_active: true,
  is_w2: false,
  custom_withholding_rate: null,
  state: null,
  agent_id: 'a1',
  agent_split: 10,
  manager_id: 'm1',
  manager_split: 10,
  ...overrides,
});
const ctx = (recipient: RecipientProfile, splits: [string, PartySplits][] = []): PaymentMathContext => ({
  recipients: new Map([[recipient.id, recipient]]),
  campaign_splits: new Map(splits),
  agent_split_source: 'creator',
  manager_split_source: 'creator',
  fee_rule: { flat_rate: 0, percentage: 0, cap: null },
  limits: defaultPaymentLimits,
  paid_before: new Map(),
});
const row = (overrides: Partial<PaymentRowInput> = {}): PaymentRowInput => ({
  recipient: 'c1',
  recipient_role: 'creator',
  earnings: 100_000,
  split: 100,
  memo: '',
  payment_group_id: CAMPAIGN,
  ...overrides,
});
const amounts = (result: ReturnType<typeof computePayments>) =>
  Object.fromEntries(result.payments.map((payment) => [payment.recipient_role, payment.amount]));

describe('per-campaign splits', () => {
  const split: [string, PartySplits] = [campaignSplitKey('c1', CAMPAIGN), { agent_split: 25, manager_split: 5 }];

  it("win over the creator's default when the payment is linked to that campaign", () => {
    const result = computePayments([row()], ctx(creator(), [split]));
    expect(result.error).toBeNull();
    expect(amounts(result)).toEqual({ creator: 70_000, agent: 25_000, manager: 5_000 });
    expect(result.payments.find((payment) => payment.recipient_role === 'agent')?.split).toBe(25);
  });

  it('leave payments of another campaign, or of no campaign, on the default', () => {
    for (const payment_group_id of ['camp-2', null]) {
      expect(amounts(computePayments([row({ payment_group_id })], ctx(creator(), [split])))).toEqual({
        creator: 80_000,
        agent: 10_000,
        manager: 10_000,
      });
    }
  });

  it("belong to their creator: another creator's split for the campaign changes nothing", () => {
    const others: [string, PartySplits] = [campaignSplitKey('c2', CAMPAIGN), { agent_split: 50, manager_split: 50 }];
    expect(amounts(computePayments([row()], ctx(creator(), [others])))).toEqual({ creator: 80_000, agent: 10_000, manager: 10_000 });
  });

  it('can set a share to 0: no payment for that party in this campaign', () => {
    const zero: [string, PartySplits] = [campaignSplitKey('c1', CAMPAIGN), { agent_split: 0, manager_split: 20 }];
    expect(amounts(computePayments([row()], ctx(creator(), [zero])))).toEqual({ creator: 80_000, manager: 20_000 });
  });

  it('round each share to whole cents with no cent lost or created', () => {
    const odd: [string, PartySplits] = [campaignSplitKey('c1', CAMPAIGN), { agent_split: 33, manager_split: 17 }];
    const w2 = creator({ is_w2: true, state: 'CA' });
    for (const earnings of [1_001, 12_345, 99_999, 100_003, 7_777_777]) {
      const result = computePayments([row({ earnings, split: 33.33 })], ctx(w2, [odd]));
      expect(result.error).toBeNull();
      const own = result.payments.find((payment) => payment.recipient_role === 'creator')!;
      const paidOut = result.payments.reduce((sum, payment) => sum + payment.amount, 0);
      const gross = grossAmount(earnings, 33.33);
      // Everything the row is worth goes to someone or is withheld, to the cent.
      expect(paidOut + own.state_withholdings + own.federal_withholdings).toBe(gross);
      for (const payment of result.payments) expect(Number.isInteger(payment.amount)).toBe(true);
    }
  });
});

describe('campaign split body', () => {
  it('asks for a campaign and percentages from 0 to 100', () => {
    const issues = (body: object) => createCampaignSplitBody.safeParse(body).error?.issues.map((issue) => issue.message);
    expect(issues({ agent_split: 10, manager_split: 10 })).toEqual([campaignSplitMessages.noCampaign]);
    expect(issues({ payment_group_id: crypto.randomUUID(), agent_split: 101, manager_split: -1 })).toEqual([splitMessage, splitMessage]);
    expect(issues({ payment_group_id: crypto.randomUUID(), agent_split: 10.5, manager_split: 'x' })).toEqual([splitMessage, splitMessage]);
    expect(issues({ payment_group_id: crypto.randomUUID(), agent_split: 0, manager_split: 100 })).toBeUndefined();
  });
});
