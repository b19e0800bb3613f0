import type { DraftWaitKind, ExecutionOutcomes, InitiatePreview } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import type { Payment } from '../../db/schema/index.ts';
import { approverRolesFor } from './approval-emails.ts';
import type { ExecutionPlan } from './execution-plan.ts';
import type { ExecutionActor, Parked } from './execution-waits.ts';

const figures = (rows: Payment[]) => ({
  count: rows.length,
  amount: rows.reduce((sum, row) => sum + row.amount, 0),
  fees: rows.reduce((sum, row) => sum + row.fee, 0),
});
const parkedFor = (parked: Parked[], kind: string) => parked.filter((row) => row.wait.kind === kind).map((row) => row.payment);

/** Reasons to wait, each once, with how many drafts wait for it. */
function reasonCounts(waiting: Parked[]): ExecutionOutcomes['waiting']['reasons'] {
  const counts = new Map<string, { kind: DraftWaitKind; reason: string; count: number }>();
  for (const row of waiting) {
    const reason = row.reasons.join('; ');
    const key = `${row.wait.kind}:${reason}`;
    const known = counts.get(key) ?? { kind: row.wait.kind as DraftWaitKind, reason, count: 0 };
    counts.set(key, { ...known, count: known.count + 1 });
  }
  return [...counts.values()];
}

/** The plan counted and summed per outcome: what the preview shows and the execution answers, the same figures. */
export async function outcomesOf(db: DbOrTx, plan: ExecutionPlan, actor: ExecutionActor): Promise<ExecutionOutcomes> {
  const forApproval = parkedFor(plan.parked, 'approval');
  return {
    sent: figures(plan.ready),
    needs_payout_details: figures(parkedFor(plan.parked, 'payout_details')),
    held_for_approval: { ...figures(forApproval), approver_roles: await approverRolesFor(db, plan.org.id, forApproval, actor.executedBy) },
    waiting: { ...figures(plan.waiting.map((row) => row.payment)), reasons: reasonCounts(plan.waiting) },
  };
}

/** Each draft a draft wait claimed, with why it waits (absent when none waits). */
export const waitingList = (plan: ExecutionPlan) =>
  plan.waiting.length === 0 ? {} : { waiting: plan.waiting.map((row) => ({ id: row.payment.id, reason: row.reasons.join('; ') })) };

/** The confirmation dialog's figures: the plan, as Execute would carry it out. */
export function previewOf(plan: ExecutionPlan, outcomes: ExecutionOutcomes): InitiatePreview {
  const held = figures(plan.held);
  return {
    count: held.count,
    amount: held.amount,
    fees: held.fees,
    requires_info: outcomes.needs_payout_details.count,
    ...waitingList(plan),
    outcomes,
  };
}
