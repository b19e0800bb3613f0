import type { SplitSource } from './payment-math.ts';
import { computePayments, defaultPaymentLimits, type RecipientProfile } from './payment-math.ts';

/** The Settings sample: a $1000 budget, the agent and the manager each on a 10% split. */
export const SPLIT_SAMPLE_BUDGET = 100_000;
const SAMPLE_SPLIT_PERCENT = 10;

export type SplitSample = { creator: number; agent: number; manager: number; org_pays: number };

/**
 * The money flow of the sample under the organisation's split sources, computed by the same
 * computePayments the payment form and the server use (no fees, no withholding): with 'creator'
 * a share comes out of the creator's payment; with 'org' the organisation pays it on top.
 */
export function splitSample(sources: { agent_split_source: SplitSource; manager_split_source: SplitSource }): SplitSample {
  const creator: RecipientProfile = {
    id: 'creator',
    role: 'creator',
    is_active: true,
    is_w2: false,
    custom_withholding_rate: null,
    state: null,
    agent_id: 'agent',
    agent_split: SAMPLE_SPLIT_PERCENT,
    manager_id: 'manager',
    manager_split: SAMPLE_SPLIT_PERCENT,
  };
  const { payments } = computePayments(
    [{ recipient: 'creator', recipient_role: 'creator', earnings: SPLIT_SAMPLE_BUDGET, split: 100, memo: '', payment_group_id: null }],
    {
      recipients: new Map([[creator.id, creator]]),
      ...sources,
      fee_rule: { flat_rate: 0, percentage: 0, cap: null },
      limits: defaultPaymentLimits,
      paid_before: new Map(),
    },
  );
  const amountOf = (role: string) =>
    payments.filter((payment) => payment.recipient_role === role).reduce((sum, payment) => sum + payment.amount, 0);
  const sample = { creator: amountOf('creator'), agent: amountOf('agent'), manager: amountOf('manager') };
  return { ...sample, org_pays: sample.creator + sample.agent + sample.manager };
}
