import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, paymentGates, payments } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';
import { AppError } from '../../lib/errors.ts';
import { loggableError } from '../../lib/log-safe.ts';
import { DELIVERABLE_APPROVED_EVENT } from '../deliverables/index.ts';
import { unitOfWorkOver, type AfterCommitTask } from '../../lib/unit-of-work.ts';
import { executeInSavepoint, gateReasons } from '../payments/index.ts';

const draftGates = and(eq(paymentGates.execute_on_release, true), eq(payments.status, 'draft'), eq(payments.is_deleted, false));

/** The payments executed while they waited that this event may release: the signed contract's creator's in its campaign, or the approved deliverable's. */
async function candidatesFor(db: DbOrTx, event: DomainEvent): Promise<string[]> {
  if (event.type === DELIVERABLE_APPROVED_EVENT && typeof event.data.deliverable_id === 'string') {
    const rows = await db
      .select({ id: paymentGates.payment_id })
      .from(paymentGates)
      .innerJoin(payments, eq(payments.id, paymentGates.payment_id))
      .where(and(eq(paymentGates.org_id, event.org_id), eq(paymentGates.deliverable_id, event.data.deliverable_id), draftGates));
    return rows.map((row) => row.id);
  }
  if (event.type !== 'contract.signed' || typeof event.data.contract_id !== 'string') return [];
  const [contract] = await db
    .select({ campaign: contracts.payment_group_id, creator: contracts.creator_id })
    .from(contracts)
    .where(and(eq(contracts.org_id, event.org_id), eq(contracts.id, event.data.contract_id)));
  if (!contract?.campaign || !contract.creator) return [];
  const rows = await db
    .select({ id: paymentGates.payment_id })
    .from(paymentGates)
    .innerJoin(payments, eq(payments.id, paymentGates.payment_id))
    .where(
      and(
        eq(paymentGates.org_id, event.org_id),
        eq(paymentGates.requires_contract, true),
        eq(payments.payment_group_id, contract.campaign),
        or(
          and(eq(payments.recipient_role, 'creator'), eq(payments.recipient, contract.creator)),
          eq(payments.managed_creator_id, contract.creator),
        ),
        draftGates,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Domain event handler: a contract signed or a deliverable approved releases the payments that
 * waited for it. Those that were executed while they waited (and wait for nothing else now) are
 * executed, once, inside the signature's or the approval's transaction (their gate rows locked
 * and the flag cleared there, so a repeated event finds nothing to do), each executor's in a
 * savepoint. Their payout calls and emails wait for that transaction's OUTERMOST commit
 * (`afterCommit`); a caller that gives none leaves them to the provider calls' and emails' sweeps.
 * The others simply become executable drafts (the gate is read afresh at every execution).
 */
export async function releaseGatedPayments(
  deps: AppDeps,
  tx: DbOrTx,
  event: DomainEvent,
  afterCommit: (task: AfterCommitTask) => void = () => {},
): Promise<void> {
  const candidates = await candidatesFor(tx, event);
  if (candidates.length === 0) return;
  const tasks: AfterCommitTask[] = [];
  await tx.transaction(async (inner) => {
    const uow = unitOfWorkOver(inner, tasks);
    const locked = await inner
      .select()
      .from(payments)
      .where(and(eq(payments.org_id, event.org_id), inArray(payments.id, candidates)))
      .orderBy(payments.id)
      .for('update');
    const reasons = await gateReasons(inner, event.org_id, locked);
    const released = await inner
      .update(paymentGates)
      .set({ execute_on_release: false })
      .where(
        and(
          eq(paymentGates.org_id, event.org_id),
          eq(paymentGates.execute_on_release, true),
          inArray(
            paymentGates.payment_id,
            locked.filter((row) => !reasons.has(row.id)).map((row) => row.id),
          ),
        ),
      )
      .returning({ id: paymentGates.payment_id, executed_by: paymentGates.executed_by });
    // Grouped by who executed them: Settings > Approvals keeps that person from approving them.
    const byExecutor = new Map<string | null, string[]>();
    for (const row of released) byExecutor.set(row.executed_by, [...(byExecutor.get(row.executed_by) ?? []), row.id]);
    for (const [executedBy, ids] of byExecutor) {
      const result = await executeInSavepoint(deps, uow, event.org_id, ids, executedBy);
      // Refused (not enough funds): they stay executable drafts.
      if (result instanceof AppError)
        console.error('[payment-gates] released payments could not be executed; they stay drafts', JSON.stringify(loggableError(result)));
    }
  });
  for (const task of tasks) afterCommit(task);
}
