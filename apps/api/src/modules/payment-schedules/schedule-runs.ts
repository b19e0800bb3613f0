import { and, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { paymentGates, payments, paymentScheduleRuns, paymentSchedules, type PaymentSchedule } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { inUnitOfWork, type UnitOfWork } from '../../lib/unit-of-work.ts';
import { executeInSavepoint } from '../payments/index.ts';
import { hasPeriodAfter, periodStart } from './schedule-dates.ts';
import { notifyUnfundedRun } from './schedule-notices.ts';

type Outcome = { outcome: 'executed' | 'unfunded' | 'not_executable' | 'waiting'; reason?: string };

/** Schedules one tick runs at most: a backlog (a clock moved a year) drains over the next ticks. */
const RUN_LIMIT = 200;

/**
 * The job's tick: every active schedule whose period has come (sandbox clock) runs it through the
 * normal execution. Answers how many periods ran here (a period another instance ran is not counted).
 */
export async function runDueSchedules(deps: AppDeps): Promise<number> {
  const now = await sandboxNow(deps.db);
  const due = await deps.db
    .select({ id: paymentSchedules.id })
    .from(paymentSchedules)
    .where(and(eq(paymentSchedules.status, 'active'), lte(paymentSchedules.next_run_at, now)))
    .orderBy(paymentSchedules.next_run_at)
    .limit(RUN_LIMIT);
  let ran = 0;
  for (const { id } of due) if (await runSchedule(deps, id, now)) ran += 1;
  return ran;
}

/**
 * One period of one schedule, in one transaction: the schedule row is locked (another instance's
 * tick skips it), the period's run row is claimed by its unique key (schedule, period) so that
 * a period runs once whatever runs it, the payment is executed, and the schedule moves on.
 */
async function runSchedule(deps: AppDeps, scheduleId: string, now: Date): Promise<boolean> {
  // The payouts' calls and emails go once the run has committed, as after an Execute click.
  return inUnitOfWork(deps.db, async (uow) => {
    const { tx } = uow;
    const [schedule] = await tx
      .select()
      .from(paymentSchedules)
      .where(and(eq(paymentSchedules.id, scheduleId), eq(paymentSchedules.status, 'active'), lte(paymentSchedules.next_run_at, now)))
      .for('update', { skipLocked: true });
    if (!schedule) return false;
    const paymentId = schedule.period === 0 ? schedule.payment_id : newId();
    const [claimed] = await tx
      .insert(paymentScheduleRuns)
      .values({ id: newId(), schedule_id: schedule.id, period: schedule.period, payment_id: paymentId, outcome: 'not_executable' })
      .onConflictDoNothing()
      .returning({ id: paymentScheduleRuns.id });
    if (!claimed) return false;
    const { outcome, reason } = await runPeriod(deps, uow, schedule, paymentId);
    await tx
      .update(paymentScheduleRuns)
      .set({ outcome, reason: reason ?? null })
      .where(eq(paymentScheduleRuns.id, claimed.id));
    await advance(tx, schedule);
    return true;
  });
}

/**
 * The period's payment (the template itself first, then a copy of it) executed for the person who
 * scheduled it (its executor: Settings > Approvals keeps them from approving it); refusals are
 * recorded, not retried. A payment that waits (its contract, a deliverable, an invoice) is not
 * executed: the run says why, and the release executes it (modules/payment-releases/gate-release.ts marks it so).
 */
async function runPeriod(deps: AppDeps, uow: UnitOfWork, schedule: PaymentSchedule, paymentId: string): Promise<Outcome> {
  const { tx } = uow;
  if (paymentId !== schedule.payment_id && !(await copyTemplate(tx, schedule, paymentId))) return { outcome: 'not_executable' };
  const result = await executeInSavepoint(deps, uow, schedule.org_id, [paymentId], schedule.created_by);
  if (!(result instanceof AppError)) {
    const waits = result.waiting?.find((row) => row.id === paymentId);
    return waits ? { outcome: 'waiting', reason: waits.reason } : { outcome: 'executed' };
  }
  // The payment stays a draft, ready to execute by hand once the wallet is funded.
  if (result.code === 'insufficient_funds') await notifyUnfundedRun(deps, tx, schedule.org_id, paymentId, uow);
  return { outcome: result.code === 'insufficient_funds' ? 'unfunded' : 'not_executable' };
}

/** A new draft like the template (recipient, campaign, earnings, split, memo); withholding is computed again at execution. */
async function copyTemplate(tx: Tx, schedule: PaymentSchedule, paymentId: string): Promise<boolean> {
  const [template] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, schedule.org_id), eq(payments.id, schedule.payment_id), eq(payments.is_deleted, false)));
  if (!template) return false;
  await tx.insert(payments).values({
    id: paymentId,
    org_id: template.org_id,
    payment_group_id: template.payment_group_id,
    recipient: template.recipient,
    recipient_role: template.recipient_role,
    managed_creator_id: template.managed_creator_id,
    memo: template.memo,
    amount: template.amount,
    earnings: template.earnings,
    split: template.split,
    state_withholdings: template.state_withholdings,
    federal_withholdings: template.federal_withholdings,
    fee: template.fee,
    // Entered in the payee's currency: each period pays them the same amount in it (its dollars quoted when sent).
    amount_currency: template.amount_currency,
    currency_amount: template.currency_amount,
    status: 'draft',
    // The copy is the original's creator's (Settings > Approvals: a creator never approves their own).
    created_by_user_id: template.created_by_user_id,
  });
  await copyGate(tx, schedule.org_id, template.id, paymentId);
  return true;
}

/** The copy waits for what the template waited for (the creator's contract, the same deliverable). */
async function copyGate(tx: Tx, orgId: string, templateId: string, paymentId: string): Promise<void> {
  const [gate] = await tx
    .select({ requires_contract: paymentGates.requires_contract, deliverable_id: paymentGates.deliverable_id })
    .from(paymentGates)
    .where(and(eq(paymentGates.org_id, orgId), eq(paymentGates.payment_id, templateId)));
  if (gate) await tx.insert(paymentGates).values({ payment_id: paymentId, org_id: orgId, ...gate });
}

async function advance(tx: Tx, schedule: PaymentSchedule): Promise<void> {
  const next = schedule.period + 1;
  const goesOn = hasPeriodAfter(schedule, schedule.period);
  await tx
    .update(paymentSchedules)
    .set({ period: next, status: goesOn ? 'active' : 'ended', ...(goesOn ? { next_run_at: periodStart(schedule, next) } : {}) })
    .where(eq(paymentSchedules.id, schedule.id));
}
