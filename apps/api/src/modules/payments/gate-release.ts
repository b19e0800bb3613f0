import { and, eq, inArray, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { contracts, paymentGates, payments } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';
import { AppError } from '../../lib/errors.ts';
import { loggableError } from '../../lib/log-safe.ts';
import { DELIVERABLE_APPROVED_EVENT } from '../deliverables/index.ts';
import { initiatePayments } from './execute.ts';
import { gateReasons } from './gates.ts';

// A domain event handler gets only its transaction: the rest of what an execution needs is wired at start.
let gateDeps: AppDeps | undefined;
export function setPaymentGateDeps(deps: AppDeps): void {
  gateDeps = deps;
}

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
 * executed, once: their gate rows are locked and the flag cleared in the signature's or the
 * approval's transaction, so a repeated event finds nothing to do. The others simply become
 * executable drafts (the gate is read afresh at every execution).
 */
export async function releaseGatedPayments(db: DbOrTx, event: DomainEvent): Promise<void> {
  const candidates = await candidatesFor(db, event);
  if (candidates.length === 0) return;
  const deps = gateDeps;
  if (!deps) throw new Error('Payment gates are not wired (src/wiring.ts)');
  const tasks: (() => Promise<void>)[] = [];
  await db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.org_id, event.org_id), inArray(payments.id, candidates)))
      .orderBy(payments.id)
      .for('update');
    const reasons = await gateReasons(tx, event.org_id, locked);
    const released = await tx
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
    for (const [executedBy, ids] of byExecutor) await executeReleased(deps, tx, event.org_id, executedBy, ids, tasks);
  });
  // The payout calls and emails are queued now; a call the job misses is made by the provider calls' sweep.
  for (const task of tasks) await task();
}

/** The execution in a savepoint: one that cannot be funded (or is refused) leaves the payments as executable drafts. */
async function executeReleased(
  deps: AppDeps,
  tx: Tx,
  orgId: string,
  executedBy: string | null,
  ids: string[],
  tasks: (() => Promise<void>)[],
): Promise<void> {
  const mine: (() => Promise<void>)[] = [];
  try {
    await tx.transaction((savepoint) =>
      initiatePayments(deps, { tx: savepoint, afterCommit: (task) => mine.push(task), executedBy }, orgId, { ids }),
    );
    tasks.push(...mine);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    console.error('[payment-gates] released payments could not be executed; they stay drafts', JSON.stringify(loggableError(error)));
  }
}
