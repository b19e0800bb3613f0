import { z } from 'zod';
import { startingAfter } from './paging.ts';
import { text } from './text.ts';
import { centsSchema } from './validation.ts';

export const approvalMessages = {
  saved: 'Approval rules saved',
  approved: 'Payment approved',
  sent: 'Payment approved and on the way!',
  /** Approved, and its payee has no payout details yet: parked for them, not on the way (issue 44). */
  sentForDetails: "Payment approved: it waits for its payee's payout details; we emailed them a link",
  rejected: 'Payment rejected: it is canceled and its money is back in your wallet',
  notYours: 'You created or executed this payment: another owner or admin approves it',
  alreadyDecided: 'You have approved this payment already',
  notAwaiting: 'This payment is not awaiting approval: it was approved or rejected already',
  methodChanged:
    'The payee moved their payout method between the wallet and PayPal since this payment was executed: reject it and create it again',
  reasonRequired: 'Say why you reject this payment',
  heldNotice: 'Held for approval: its money is held and nothing is sent until an owner or admin other than its maker approves it.',
  reasonTooLong: 'The reason must be at most 500 characters',
  days: 'Enter a number of days from 1 to 365',
  secondAbove: 'The two-approver amount must be above the single-approver amount',
  awaiting: (count: number) => `${count} payment${count === 1 ? '' : 's'} awaiting approval`,
} as const;

const optionalCents = centsSchema({ min: 1 }).nullable().default(null);

/**
 * Settings > Approvals: which executed payments wait for an owner's or admin's approval. Any
 * rule that matches makes a payment wait; none set means payments go out when executed.
 */
export const approvalRulesBody = z
  .object({
    every_payment: z.boolean().default(false),
    /** Payments above this many cents need approval. */
    above_amount: optionalCents,
    /** A payee's first payout, or their payout details changed in the last new_payee_days days. */
    new_payee: z.boolean().default(false),
    new_payee_days: z
      .number({ error: approvalMessages.days })
      .int(approvalMessages.days)
      .min(1, approvalMessages.days)
      .max(365, approvalMessages.days)
      .default(30),
    /** Payments above this many cents need two approvers. */
    second_approver_above: optionalCents,
  })
  .refine((body) => body.second_approver_above == null || body.above_amount == null || body.second_approver_above > body.above_amount, {
    message: approvalMessages.secondAbove,
    path: ['second_approver_above'],
  });
export type ApprovalRulesBody = z.infer<typeof approvalRulesBody>;
export const approvalRules = z.object({
  every_payment: z.boolean(),
  above_amount: z.number().int().nullable(),
  new_payee: z.boolean(),
  new_payee_days: z.number().int(),
  second_approver_above: z.number().int().nullable(),
});
export type ApprovalRules = z.infer<typeof approvalRules>;

export const approveBody = z.object({ reason: text().trim().max(500, approvalMessages.reasonTooLong).default('') });
export const rejectBody = z.object({
  reason: text(approvalMessages.reasonRequired).trim().min(1, approvalMessages.reasonRequired).max(500, approvalMessages.reasonTooLong),
});

export const approvalDecisionAnswer = z.object({
  message: z.string(),
  status: z.string(),
  approvals: z.number().int(),
  required: z.number().int(),
});

/** One payment of the Approvals queue, with why it waits and who approved it so far. */
export const approvalItem = z.object({
  payment_id: z.uuid(),
  recipient: z.uuid(),
  recipient_role: z.string(),
  recipient_name: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  memo: z.string(),
  reasons: z.array(z.string()),
  required: z.number().int(),
  approvals: z.array(z.object({ user_id: z.uuid(), name: z.string(), reason: z.string() })),
  /** False for the payment's creator or executor and for someone who approved it already. */
  can_decide: z.boolean(),
  executed_at: z.string(),
  /** The maker: who executed it (null when that person was removed), and who created it when someone else did. */
  executed_by_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
/** GET /v1/approvals: oldest waiting first (the first to wait are the first decided), by keyset after the first page. */
export const approvalQueueQuery = z.object({
  starting_after: startingAfter,
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export type ApprovalQueueQuery = z.infer<typeof approvalQueueQuery>;
export const approvalQueue = z.object({
  data: z.array(approvalItem),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
  /** Every payment awaiting approval, answered with the first page (null after a cursor). */
  total: z.number().int().nullable(),
});
export type ApprovalQueue = z.infer<typeof approvalQueue>;
