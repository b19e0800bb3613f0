import { z } from 'zod';
import { executedMessage, paymentMessages } from './payments-labels.ts';
import { paymentReleaseMessages } from './payment-releases.ts';

/** What a payment can wait for at execution (apps/api payments/execution-waits.ts: one table, used by every path). */
export const executionWaitKinds = ['invoice', 'gate', 'approval', 'payout_details'] as const;
export type ExecutionWaitKind = (typeof executionWaitKinds)[number];

const outcomeFigures = z.object({ count: z.number().int(), amount: z.number().int(), fees: z.number().int() });
export const approverRoles = ['owner', 'admin'] as const;

/**
 * What an execution does (or, previewed, would do) with each selected draft: sent now; held
 * (money kept) for an approval, with the roles of the people who may still approve; held while the
 * recipient gives payout details; left a draft because it waits (for its invoice, its contract or
 * deliverable), with each reason and how many wait for it. Preview and Execute answer the same.
 */
export const executionOutcomes = z.object({
  sent: outcomeFigures,
  needs_payout_details: outcomeFigures,
  held_for_approval: outcomeFigures.extend({ approver_roles: z.array(z.enum(approverRoles)) }),
  waiting: outcomeFigures.extend({
    reasons: z.array(z.object({ kind: z.enum(['invoice', 'gate']), reason: z.string(), count: z.number().int() })),
  }),
});
export type ExecutionOutcomes = z.infer<typeof executionOutcomes>;

const plural = (count: number) => `${count} payment${count === 1 ? '' : 's'}`;

/** "an owner", "an admin", "an owner or admin"; nobody left who may: "another owner or admin" (one must be invited). */
function approversInWords(roles: readonly string[]): string {
  if (roles.length === 1) return `an ${roles[0]}`;
  return roles.length === 0 ? 'another owner or admin' : 'an owner or admin';
}

/**
 * The Execute answer's message, saying exactly what happened: the spec's 'Payment is on the way!'
 * only when a payment was executed toward its recipient (sent, or held while they give payout
 * details), then the counts; held for approval and waiting say so and never that money moves.
 */
export function executionMessage(outcomes: ExecutionOutcomes): string {
  const { sent, needs_payout_details: details, held_for_approval: held, waiting } = outcomes;
  const lines: string[] = [];
  if (sent.count + details.count > 0) {
    const onlySent = details.count + held.count + waiting.count === 0;
    lines.push(onlySent ? paymentMessages.executed : executedMessage({ processing: sent.count, requires_info: details.count }));
  }
  if (held.count > 0)
    lines.push(`${plural(held.count)} ${held.count === 1 ? 'is' : 'are'} held for approval by ${approversInWords(held.approver_roles)}`);
  if (waiting.count > 0) {
    if (lines.length === 0) lines.push(paymentReleaseMessages.allWaiting);
    lines.push(`${waiting.count} waiting: ${[...new Set(waiting.reasons.map((row) => row.reason))].join('; ')}`);
  }
  return lines.join('\n');
}
