import { computeFee, type FeeRule } from './fees.ts';
import { formatCents, percentOfCents } from './money.ts';
import { computeWithholdings, type WithholdingProfile } from './withholding.ts';

export const recipientRoles = ['creator', 'agent', 'manager'] as const;
export type RecipientRole = (typeof recipientRoles)[number];
export type SplitSource = 'creator' | 'org';

/** Spec defaults (document 000 section 9); the server reads its values from configuration. */
export const DEFAULT_PAYMENT_MEMO_MAX_LENGTH = 10;
export const DEFAULT_PAYMENT_MIN_AMOUNT = 100;
export const DEFAULT_PAYMENT_SPLIT = 100;
export type PaymentLimits = { memo_max_length: number; min_amount: number };
export const defaultPaymentLimits: PaymentLimits = {
  memo_max_length: DEFAULT_PAYMENT_MEMO_MAX_LENGTH,
  min_amount: DEFAULT_PAYMENT_MIN_AMOUNT,
};

export const paymentRowMessages = {
  noRecipient: 'No Recipent specified',
  noAmount: 'No amount provided',
  minAmount: (min: number) => `Amount to be paid should be more than ${formatCents(min)}`,
  memo: (max: number) => `Memo must be at most ${max} characters`,
  split: 'Split must be a percentage from 0 to 100',
  splitDecimals: 'Split can have at most 2 decimals, like 33.33',
  unknownRecipient: 'This recipient is not one of your creators, agents or managers',
  inactive: 'Inactive creators can only be paid within a campaign',
  negative: 'The agent and manager amounts are more than this payment',
  noPayments: 'There are no Payments',
  rowIssues: 'There were issues with the payments above',
} as const;

/** Splits are saved with 2 decimals: a split with more would be paid on a value the database does not keep. */
export const hasAtMostTwoDecimals = (value: number) => Number(value.toFixed(2)) === value;

/** One row of the new payment form (cents and percent). */
export type PaymentRowInput = {
  recipient: string | null;
  recipient_role: RecipientRole;
  earnings: number | null;
  split: number | null;
  memo: string;
  payment_group_id: string | null;
};

/** What the math needs to know about a recipient. */
export type RecipientProfile = WithholdingProfile & {
  id: string;
  role: RecipientRole;
  is_active: boolean;
  agent_id: string | null;
  agent_split: number;
  manager_id: string | null;
  manager_split: number;
};

/** The creator fields the math reads: the same names on the database row and the API record. */
export type CreatorProfileSource = {
  id: string;
  is_active: boolean;
  is_w2: boolean;
  custom_withholding_rate: number | null;
  address_state: string | null;
  agent_id: string | null;
  agent_split: number;
  manager_id: string | null;
  manager_split: number;
};

export function creatorRecipientProfile(row: CreatorProfileSource): RecipientProfile {
  return {
    id: row.id,
    role: 'creator',
    is_active: row.is_active,
    is_w2: row.is_w2,
    custom_withholding_rate: row.custom_withholding_rate,
    state: row.address_state,
    agent_id: row.agent_id,
    agent_split: row.agent_split,
    manager_id: row.manager_id,
    manager_split: row.manager_split,
  };
}

/** Agents and managers are paid their share as is: no withholding, no splits of their own. */
export function agentManagerRecipientProfile(id: string, role: 'agent' | 'manager'): RecipientProfile {
  return {
    id,
    role,
    is_active: true,
    is_w2: false,
    custom_withholding_rate: null,
    state: null,
    agent_id: null,
    agent_split: 0,
    manager_id: null,
    manager_split: 0,
  };
}

/** The agent and manager percents a creator row pays out. */
export type PartySplits = { agent_split: number; manager_split: number };

/** The key of a creator's split for one campaign in PaymentMathContext.campaign_splits. */
export const campaignSplitKey = (creatorId: string, campaignId: string) => `${creatorId}:${campaignId}`;

/**
 * The creator's split for the row's campaign when one is set, otherwise the creator's default:
 * a campaign negotiated on other terms pays its agent and manager on those terms.
 */
export function partySplitsFor(
  recipient: RecipientProfile,
  campaignId: string | null,
  campaignSplits: ReadonlyMap<string, PartySplits> | undefined,
): PartySplits {
  const forCampaign = campaignId ? campaignSplits?.get(campaignSplitKey(recipient.id, campaignId)) : undefined;
  return forCampaign ?? { agent_split: recipient.agent_split, manager_split: recipient.manager_split };
}

export type PaymentMathContext = {
  recipients: Map<string, RecipientProfile>;
  /** Creators' splits per campaign, by campaignSplitKey; absent or missing keys use the creator's default. */
  campaign_splits?: ReadonlyMap<string, PartySplits>;
  agent_split_source: SplitSource;
  manager_split_source: SplitSource;
  fee_rule: FeeRule;
  limits: PaymentLimits;
  /** Cents already paid to each W-2 recipient this year (for the federal threshold). */
  paid_before: Map<string, number>;
};

export type ComputedPayment = {
  recipient: string;
  recipient_role: RecipientRole;
  managed_creator_id: string | null;
  earnings: number;
  split: number;
  amount: number;
  fee: number;
  state_withholdings: number;
  federal_withholdings: number;
  memo: string;
  payment_group_id: string | null;
};

export type ComputedRow = { error: string | null; payments: ComputedPayment[] };
export type ComputedPayments = { rows: ComputedRow[]; error: string | null; payments: ComputedPayment[] };

/** The row's amount before withholding: earnings times split percent, exact half-up to the cent. */
export const grossAmount = (earnings: number, split: number) => percentOfCents(earnings, split);

function rowProblem(row: PaymentRowInput, ctx: PaymentMathContext): string | null {
  if (!row.recipient) return paymentRowMessages.noRecipient;
  if (row.earnings === null || row.earnings === 0) return paymentRowMessages.noAmount;
  const split = row.split ?? DEFAULT_PAYMENT_SPLIT;
  if (!Number.isFinite(split) || split < 0 || split > 100) return paymentRowMessages.split;
  if (!hasAtMostTwoDecimals(split)) return paymentRowMessages.splitDecimals;
  const recipient = ctx.recipients.get(row.recipient);
  if (!recipient || recipient.role !== row.recipient_role) return paymentRowMessages.unknownRecipient;
  if (recipient.role === 'creator' && !recipient.is_active && !row.payment_group_id) return paymentRowMessages.inactive;
  if (!Number.isSafeInteger(row.earnings) || grossAmount(row.earnings, split) <= ctx.limits.min_amount)
    return paymentRowMessages.minAmount(ctx.limits.min_amount);
  return null;
}

/**
 * Computes every payment of the new payment form, as the browser shows it and the server saves it.
 * A creator row gives the creator's payment and, when the creator has them, an agent and a manager
 * payment: their share is agent_split / manager_split percent of the creator's amount after
 * withholding (the creator's split for the row's campaign when there is one, else the default).
 * With the organisation's split source set to 'creator' the share comes out of the creator's
 * payment; with 'org' the organisation pays it on top. W-2 withholding is kept back from
 * the creator's payment. Each payment carries its fee from the outbound_payment schedule.
 */
export function computePayments(rows: PaymentRowInput[], ctx: PaymentMathContext): ComputedPayments {
  const paid = new Map(ctx.paid_before);
  const computed = rows.map((row): ComputedRow => {
    const problem = rowProblem(row, ctx);
    if (problem) return { error: problem, payments: [] };
    const recipient = ctx.recipients.get(row.recipient!)!;
    const split = row.split ?? DEFAULT_PAYMENT_SPLIT;
    const gross = grossAmount(row.earnings!, split);
    const before = paid.get(recipient.id) ?? 0;
    const withheld = computeWithholdings(gross, recipient, before);
    if (recipient.is_w2) paid.set(recipient.id, before + gross);
    const base = gross - withheld.state_withholdings - withheld.federal_withholdings;
    const common = { memo: row.memo, payment_group_id: row.payment_group_id, earnings: row.earnings!, split };
    const shares: ComputedPayment[] = [];
    let creatorPays = 0;
    const addShare = (role: 'agent' | 'manager', userId: string | null, percent: number, source: SplitSource) => {
      if (recipient.role !== 'creator' || !userId || percent <= 0) return;
      const amount = percentOfCents(base, percent);
      if (amount <= 0) return;
      if (source === 'creator') creatorPays += amount;
      const fee = computeFee(amount, ctx.fee_rule);
      shares.push({
        ...common,
        split: percent,
        recipient: userId,
        recipient_role: role,
        managed_creator_id: recipient.id,
        amount,
        fee,
        state_withholdings: 0,
        federal_withholdings: 0,
      });
    };
    const parties = partySplitsFor(recipient, row.payment_group_id, ctx.campaign_splits);
    addShare('agent', recipient.agent_id, parties.agent_split, ctx.agent_split_source);
    addShare('manager', recipient.manager_id, parties.manager_split, ctx.manager_split_source);
    const amount = base - creatorPays;
    // A payment of nothing is not a payment (and the database refuses an amount of 0).
    if (amount <= 0) return { error: paymentRowMessages.negative, payments: [] };
    const own: ComputedPayment = {
      ...common,
      recipient: recipient.id,
      recipient_role: recipient.role,
      managed_creator_id: null,
      amount,
      fee: computeFee(amount, ctx.fee_rule),
      ...withheld,
    };
    // A memo too long refuses the row, but its amount stays computed and shown: the memo is what to fix, not the amount.
    const memoProblem = row.memo.length > ctx.limits.memo_max_length ? paymentRowMessages.memo(ctx.limits.memo_max_length) : null;
    return { error: memoProblem, payments: [own, ...shares] };
  });
  const error = rows.length === 0 ? paymentRowMessages.noPayments : computed.some((row) => row.error) ? paymentRowMessages.rowIssues : null;
  return { rows: computed, error, payments: error ? [] : computed.flatMap((row) => row.payments) };
}
