import { describe, expect, it } from 'vitest';
import {
  computePayments,
  defaultPaymentLimits,
  type PaymentMathContext,
  type PaymentRowInput,
  type RecipientProfile,
} from './payment-math.ts';
import { federalWithholding, stateRate, stateWithholdingRates } from './withholding.ts';

const creator = (overrides: Partial<RecipientProfile> = {}): RecipientProfile => ({
  id: 'c1',
  role: 'creator',
  is_active: true,
  is_w2: false,
  custom_withholding_rate: null,
  state: 'CA',
  agent_id: null,
  agent_split: 10,
  manager_id: null,
  manager_split: 10,
  ...overrides,
});
const ctx = (recipients: RecipientProfile[], overrides: Partial<PaymentMathContext> = {}): PaymentMathContext => ({
  recipients: new Map(recipients.map((r) => [r.id, r])),
  agent_split_source: 'creator',
  manager_split_source: 'creator',
  fee_rule: { flat_rate: 0, percentage: 0, cap: null },
  limits: defaultPaymentLimits,
  paid_before: new Map(),
  ...overrides,
});
const row = (overrides: Partial<PaymentRowInput> = {}): PaymentRowInput => ({
  recipient: 'c1',
  recipient_role: 'creator',
  earnings: 100_000,
  split: 100,
  memo: '',
  payment_group_id: null,
  ...overrides,
});

describe('withholding', () => {
  it('has every state and DC, with the spec examples', () => {
    expect(Object.keys(stateWithholdingRates)).toHaveLength(51);
    expect(stateWithholdingRates.CA).toBe(6.6);
    expect(stateWithholdingRates.NY).toBe(4.25);
    expect(stateWithholdingRates.TX).toBe(0);
  });
  it('uses the custom rate over the state', () => {
    expect(stateRate({ is_w2: true, custom_withholding_rate: 3.5, state: 'CA' })).toBe(3.5);
  });
  it('withholds 22% below the cumulative threshold and 37% above, splitting inside one payment', () => {
    expect(federalWithholding(10_000, 0)).toBe(2_200);
    expect(federalWithholding(10_000, 100_000_000)).toBe(3_700);
    // 99,995,000 paid before: 5,000 at 22% (1,100) and 5,000 at 37% (1,850).
    expect(federalWithholding(10_000, 99_995_000)).toBe(2_950);
  });
});

describe('computePayments', () => {
  it('gives every row message of the spec', () => {
    const result = computePayments(
      [row({ recipient: null }), row({ earnings: null }), row({ earnings: 100 }), row({ memo: 'eleven char' }), row()],
      ctx([creator()]),
    );
    expect(result.rows.map((r) => r.error)).toEqual([
      'No Recipent specified',
      'No amount provided',
      'Amount to be paid should be more than $1.00',
      'Memo must be at most 10 characters',
      null,
    ]);
    expect(result.error).toBe('There were issues with the payments above');
    expect(result.payments).toEqual([]);
    expect(computePayments([], ctx([])).error).toBe('There are no Payments');
  });
  it('keeps the amount of a row whose memo is too long, refusing it with the message', () => {
    const result = computePayments([row({ memo: 'eleven char' })], ctx([creator()]));
    expect(result.rows[0]!.error).toBe('Memo must be at most 10 characters');
    expect(result.rows[0]!.payments[0]!.amount).toBeGreaterThan(0);
    // Nothing is saved while any row is refused.
    expect(result.payments).toEqual([]);
  });
  it('refuses an inactive creator unless a campaign is set', () => {
    const c = ctx([creator({ is_active: false })]);
    expect(computePayments([row()], c).rows[0]!.error).toBe('Inactive creators can only be paid within a campaign');
    expect(computePayments([row({ payment_group_id: '0190f000-0000-7000-8000-000000000000' })], c).error).toBeNull();
  });
  it('applies the split, and the fee from the schedule', () => {
    const result = computePayments(
      [row({ earnings: 12_345, split: 50 })],
      ctx([creator()], { fee_rule: { flat_rate: 25, percentage: 1, cap: 100 } }),
    );
    expect(result.payments[0]).toMatchObject({ amount: 6_173, fee: 25 + 62 });
  });
  it('takes agent and manager shares out of the creator payment with the creator source, on top with the org source', () => {
    const c = creator({ agent_id: 'a1', agent_split: 10, manager_id: 'm1', manager_split: 15 });
    const fromCreator = computePayments([row()], ctx([c]));
    expect(fromCreator.payments.map((p) => [p.recipient_role, p.amount, p.managed_creator_id])).toEqual([
      ['creator', 75_000, null],
      ['agent', 10_000, 'c1'],
      ['manager', 15_000, 'c1'],
    ]);
    const fromOrg = computePayments([row()], ctx([c], { agent_split_source: 'org', manager_split_source: 'org' }));
    expect(fromOrg.payments.map((p) => p.amount)).toEqual([100_000, 10_000, 15_000]);
    const mixed = computePayments([row()], ctx([c], { agent_split_source: 'org' }));
    expect(mixed.payments.map((p) => p.amount)).toEqual([85_000, 10_000, 15_000]);
  });
  it('withholds for W-2 creators (CA), and computes agent and manager shares after withholding', () => {
    const c = creator({ is_w2: true, agent_id: 'a1', agent_split: 10 });
    const [own, agent] = computePayments([row()], ctx([c])).payments;
    expect(own).toMatchObject({ state_withholdings: 6_600, federal_withholdings: 22_000 });
    expect(agent!.amount).toBe(7_140);
    expect(own!.amount).toBe(100_000 - 6_600 - 22_000 - 7_140);
  });
  it('withholds nothing for the state in TX, the custom rate when set', () => {
    expect(computePayments([row()], ctx([creator({ is_w2: true, state: 'TX' })])).payments[0]).toMatchObject({
      state_withholdings: 0,
      federal_withholdings: 22_000,
    });
    expect(computePayments([row()], ctx([creator({ is_w2: true, custom_withholding_rate: 2.5 })])).payments[0]!.state_withholdings).toBe(
      2_500,
    );
  });
  it('crosses the federal threshold inside one payment, counting earlier rows of the batch', () => {
    const c = ctx([creator({ is_w2: true, state: 'TX' })], { paid_before: new Map([['c1', 99_950_000]]) });
    const [first, second] = computePayments([row(), row()], c).payments;
    // First: 50,000 at 22% + 50,000 at 37%; second: all above.
    expect(first!.federal_withholdings).toBe(11_000 + 18_500);
    expect(second!.federal_withholdings).toBe(37_000);
  });
  it('refuses a row whose shares are more than the payment', () => {
    const c = creator({ agent_id: 'a1', agent_split: 60, manager_id: 'm1', manager_split: 50 });
    expect(computePayments([row()], ctx([c])).rows[0]!.error).toBe('The agent and manager amounts are more than this payment');
  });
});
