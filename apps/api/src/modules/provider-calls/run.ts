import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { AnyProviderOperation } from '../../events/kernel.ts';
import { providerCalls, type ProviderCall } from '../../db/schema/index.ts';
import { loggableError } from '../../lib/log-safe.ts';
import { recordProviderCall, secondsSince } from '../../lib/metrics.ts';
import { withSpan } from '../../lib/tracing.ts';
import { inFlight } from '../../lib/in-flight.ts';
import { inUnitOfWork } from '../../lib/unit-of-work.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { providerOperationFor, type OutcomeEffects, type ProviderOperation } from './registry.ts';
import { applyProviderEvents } from './events.ts';
import { deliverDueSandboxEvents, sandboxDeliveryMark } from './sandbox-webhooks.ts';

/** How long a worker holds a call it is making; past it (the worker died) the call is due again. */
export const CALL_LEASE_MS = 5 * 60_000;
/** Tries in all before a retryable failure becomes final. */
export const MAX_CALL_ATTEMPTS = 8;
const CLAIM_BATCH = 40;
/**
 * Calls of one operation claimed side by side (an execution's payouts, its fees) are independent of
 * one another: they are made this many at a time. Live, a call waits on the provider's network and
 * a commit waits on the disk, so 10,000 payouts one by one take most of an hour; side by side they
 * share both. Calls of different operations keep their order (a fee owed before the payouts after it).
 * A small number: each call holds at most one pooled connection at a time, so a pool of 10 keeps room.
 */
const CALLS_IN_FLIGHT = 4;
/** The last_error of a call no registered operation makes. */
export const UNKNOWN_OPERATION = 'unknown_operation';

/** 30 s, 1 min, 2 min ... at most an hour between tries. */
const callRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

type RunOptions = { ids?: string[]; now?: Date; limit?: number };

/**
 * Claims due calls (pending, their time come, no live lease) with FOR UPDATE SKIP LOCKED, so
 * several workers share them, and leases them: each attempt counts when it is claimed.
 */
async function claimDueCalls(deps: Pick<AppDeps, 'db'>, options: RunOptions & { now: Date; limit: number }): Promise<ProviderCall[]> {
  const { now } = options;
  const due = deps.db
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .where(
      and(
        eq(providerCalls.status, 'pending'),
        lte(providerCalls.next_attempt_at, now),
        or(isNull(providerCalls.claimed_until), lt(providerCalls.claimed_until, now)),
        options.ids ? inArray(providerCalls.id, options.ids) : undefined,
      ),
    )
    // A call with a deadline (a transfer at a locked quote) is made before the lock runs out, even
    // behind thousands of payouts that can wait; the index provider_calls_due_idx keeps this order.
    .orderBy(sql`${providerCalls.deadline} ASC NULLS LAST`, providerCalls.next_attempt_at)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(providerCalls)
    .set({ claimed_until: new Date(now.getTime() + CALL_LEASE_MS), attempts: sql`${providerCalls.attempts} + 1` })
    .where(inArray(providerCalls.id, due))
    .returning()
    .then(byDeadline);
}

/** UPDATE ... RETURNING answers in no set order: the calls with a deadline first, soonest first; the others as they came. */
const byDeadline = (calls: ProviderCall[]) =>
  calls.sort((a, b) => (a.deadline?.getTime() ?? Infinity) - (b.deadline?.getTime() ?? Infinity));

function asProviderCallError(error: unknown): ProviderCallError {
  if (error instanceof ProviderCallError) return error;
  // Anything else (a dropped connection, a bug in an adapter) is worth another try.
  return new ProviderCallError({ code: `unexpected_${error instanceof Error ? error.name : typeof error}`, retryable: true });
}

/** How long before its deadline a call's last try is made, at the latest, when its backoff would pass the deadline. */
const DEADLINE_MARGIN_MS = 60_000;

/**
 * Tried again after the backoff, or later when the provider asked for longer (Retry-After). A call
 * with a deadline is not left waiting past it: its backoff is cut to a try a minute before it.
 */
async function retryLater(deps: Pick<AppDeps, 'db'>, call: ProviderCall, code: string, now: Date, retryAfterMs = 0): Promise<void> {
  const lastChanceMs = call.deadline ? call.deadline.getTime() - DEADLINE_MARGIN_MS - now.getTime() : Infinity;
  // Past that minute already, the backoff is as for any call: Nium answers a late try (quote_expired, or the transfer made).
  const backoffMs = lastChanceMs > 0 ? Math.min(callRetryDelayMs(call.attempts), lastChanceMs) : callRetryDelayMs(call.attempts);
  const delayMs = Math.max(backoffMs, Math.min(retryAfterMs, 3_600_000));
  await deps.db
    .update(providerCalls)
    .set({ claimed_until: null, last_error: code, next_attempt_at: new Date(now.getTime() + delayMs) })
    .where(and(eq(providerCalls.id, call.id), eq(providerCalls.status, 'pending')));
}

type Outcome = { response: unknown } | { error: ProviderCallError };
type Made = { call: ProviderCall; outcome: Outcome };

/**
 * Records outcomes in one short transaction (a run's, or one call's); a call already completed
 * (by a worker whose lease ran out) is left as is. The calls are locked in id order.
 */
async function complete(deps: AppDeps, made: Made[]): Promise<void> {
  const effects: OutcomeEffects = { emailIds: [], eventIds: [] };
  await inUnitOfWork(deps.db, async (uow) => {
    const { tx } = uow;
    const unit = { ...uow, deps };
    const ids = made.map((item) => item.call.id).sort();
    const locked = new Map(
      (await tx.select().from(providerCalls).where(inArray(providerCalls.id, ids)).orderBy(providerCalls.id).for('update')).map((row) => [
        row.id,
        row,
      ]),
    );
    const recorded: Made[] = [];
    const together = new Map<AnyProviderOperation, { call: ProviderCall; response: unknown }[]>();
    for (const { call, outcome } of made) {
      const row = locked.get(call.id);
      if (!row || row.status !== 'pending') continue;
      recorded.push({ call: row, outcome });
      const operation = providerOperationFor(deps, call.provider, call.operation);
      if ('error' in outcome) await operation?.onFailed?.(unit, row, outcome.error, effects);
      else if (operation?.onSucceededTogether)
        together.set(operation, [...(together.get(operation) ?? []), { call: row, response: outcome.response }]);
      else await operation?.onSucceeded?.(unit, row, outcome.response, effects);
    }
    for (const [operation, succeeded] of together) await operation.onSucceededTogether!(unit, succeeded as never, effects);
    await markCompleted(tx, recorded);
  });
  // After the commit, so a delivery job never looks for an email that is not there yet.
  await sendQueuedEmails(deps.jobs, effects.emailIds);
  // One that fails here stays stored and unprocessed: the events job applies it.
  await applyProviderEvents(deps, effects.eventIds);
}

/** The calls' rows say what came of them: one statement for all. */
async function markCompleted(tx: Tx, recorded: Made[]): Promise<void> {
  if (recorded.length === 0) return;
  const completedAt = new Date().toISOString();
  const values = recorded.map(({ call, outcome }) => {
    const response = 'response' in outcome && outcome.response != null ? JSON.stringify(outcome.response) : null;
    const status = 'response' in outcome ? 'succeeded' : 'failed';
    const error = 'error' in outcome ? outcome.error.code : null;
    return sql`(${call.id}::uuid, ${status}, ${response}::jsonb, ${error}::text)`;
  });
  await tx.execute(sql`
    UPDATE provider_calls AS c SET status = v.status, response = v.response, last_error = v.last_error,
      claimed_until = NULL, completed_at = ${completedAt}::timestamptz
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, status, response, last_error)
    WHERE c.id = v.id`);
}

/**
 * A run's outcomes in one transaction: a commit waits on the disk, and one a call made the runner
 * commit-bound (each call's outcome also locks the same ledger accounts, one transaction after
 * another). If recording them together fails (one outcome's handler throws, a deadlock), nothing
 * of it stays and each is recorded alone, as before; one that still fails is made again later
 * with the same key, which the provider deduplicates.
 */
async function recordOutcomes(deps: AppDeps, made: Made[], now: Date): Promise<void> {
  if (made.length === 0) return;
  if (made.length > 1) {
    try {
      return await complete(deps, made);
    } catch (error) {
      console.error('[provider-calls] recording a run of outcomes failed; each is recorded alone', JSON.stringify(loggableError(error)));
    }
  }
  for (const item of made) {
    try {
      await complete(deps, [item]);
    } catch (error) {
      console.error('[provider-calls] recording an outcome failed', item.call.operation, JSON.stringify(loggableError(error)));
      await retryLater(deps, item.call, 'recording_failed', now);
    }
  }
}

/**
 * A call no operation of this process makes (a process not wired, or a call of a version that
 * knew an operation this one does not): trying it again would never succeed, so it fails at once,
 * loudly, and stays listed by reconcile. Nothing is undone: with no operation there is no onFailed,
 * and what the call held stays held until someone looks.
 */
async function failUnknownOperation(deps: Pick<AppDeps, 'db'>, call: ProviderCall): Promise<void> {
  console.error('[provider-calls] no operation is registered for a call; it is marked failed', call.provider, call.operation, call.id);
  await deps.db
    .update(providerCalls)
    .set({ status: 'failed', last_error: UNKNOWN_OPERATION, claimed_until: null, completed_at: new Date() })
    .where(and(eq(providerCalls.id, call.id), eq(providerCalls.status, 'pending')));
}

/**
 * A call whose tries ran out on a breakdown (5xx, timeout, a dropped connection) is not failed
 * blindly: the provider may have done the work and lost the answer, or keep replaying a saved 500
 * under the key (Stripe does for 24 hours). The operation looks the object up by our ids: found, the
 * call succeeds with it (booked once, its events apply); refused there, it fails with that reason;
 * none, it fails. A lookup that breaks down too leaves the call pending ('unknown'): it is tried
 * again later, never failed while the money may have moved.
 */
async function lookUpBeforeFailing(
  deps: AppDeps,
  operation: ProviderOperation<never, unknown>,
  call: ProviderCall,
): Promise<{ response: unknown } | { error: ProviderCallError } | null | 'unknown'> {
  if (!operation.lookUp) return null;
  try {
    const response = await operation.lookUp(deps, call.request as never, {
      call_id: call.id,
      org_id: call.org_id,
      idempotency_key: call.idempotency_key,
      subject_id: call.subject_id,
      attempt: call.attempts,
    });
    return response === null ? null : { response };
  } catch (error) {
    const failure = asProviderCallError(error);
    if (failure.retryable) {
      console.error('[provider-calls] looking up a call whose answer was lost failed; it stays pending', call.operation, failure.code);
      return 'unknown';
    }
    return { error: failure };
  }
}

/**
 * Makes one claimed call, with no transaction open. Answers its outcome to record, or null when
 * there is none yet (tried again later) or it was settled here (no operation makes it).
 */
async function makeCall(deps: AppDeps, call: ProviderCall, now: Date): Promise<Outcome | null> {
  const operation = providerOperationFor(deps, call.provider, call.operation);
  if (!operation) {
    await failUnknownOperation(deps, call);
    return null;
  }
  const labels = { provider: call.provider, operation: call.operation };
  const started = performance.now();
  try {
    const response = await withSpan('provider.call', { 'crewpay.provider': call.provider, 'crewpay.operation': call.operation }, () =>
      operation.call(deps, call.request as never, {
        call_id: call.id,
        org_id: call.org_id,
        idempotency_key: call.idempotency_key,
        subject_id: call.subject_id,
        attempt: call.attempts,
      }),
    );
    recordProviderCall({ ...labels, outcome: 'succeeded' }, secondsSince(started));
    return { response };
  } catch (error) {
    const failure = asProviderCallError(error);
    const isRetried = failure.retryable && call.attempts < MAX_CALL_ATTEMPTS;
    recordProviderCall({ ...labels, outcome: isRetried ? 'retry' : 'failed' }, secondsSince(started));
    const found = isRetried ? 'unknown' : failure.retryable ? await lookUpBeforeFailing(deps, operation, call) : null;
    if (found !== 'unknown') return found ?? { error: failure };
    await retryLater(deps, call, failure.code, now, failure.retryAfterMs);
    return null;
  }
}

/**
 * Makes a run of calls of one operation, a few at a time, then records their outcomes together.
 * A sandbox provider that answers at once (a card, a refund) scheduled its webhook due now: what
 * the run's calls scheduled is delivered after their outcomes, through the webhook receiver, as
 * the real provider's would arrive, and before the next operation's calls. Once a run, not once a
 * call: each delivery reads the sandbox's schedule.
 */
async function makeRun(deps: AppDeps, run: ProviderCall[], now: Date): Promise<void> {
  const sandboxMark = deps.config.isSandbox ? await sandboxDeliveryMark(deps) : undefined;
  const made: Made[] = [];
  await inFlight(run, CALLS_IN_FLIGHT, async (call) => {
    const outcome = await makeCall(deps, call, now);
    if (outcome) made.push({ call, outcome });
  }).finally(() => recordOutcomes(deps, made, now));
  if (sandboxMark) await deliverDueSandboxEvents(deps, { createdSince: sandboxMark });
}

/** The claimed calls cut where the operation changes, in their order. */
function runsOfOneOperation(calls: ProviderCall[]): ProviderCall[][] {
  const runs: ProviderCall[][] = [];
  for (const call of calls) {
    const last = runs.at(-1);
    if (last && last[0]!.provider === call.provider && last[0]!.operation === call.operation) last.push(call);
    else runs.push([call]);
  }
  return runs;
}

/**
 * Makes the due calls (only `ids` when given: the job sent after a commit), batch after batch,
 * until none is left or `limit` were made; answers how many were made.
 */
export async function runDueProviderCalls(deps: AppDeps, options: RunOptions = {}): Promise<number> {
  const limit = options.limit ?? 10_000;
  let made = 0;
  while (made < limit) {
    const now = options.now ?? new Date();
    const claimed = await claimDueCalls(deps, { ...options, now, limit: Math.min(CLAIM_BATCH, limit - made) });
    if (claimed.length === 0) break;
    for (const run of runsOfOneOperation(claimed)) await makeRun(deps, run, now);
    made += claimed.length;
  }
  return made;
}

/**
 * The sandbox clock's companion (POST /dev/clock/advance): before time moves, the calls already
 * due are made, and calls another worker is making are waited for (a few seconds at most), so the
 * outcomes they schedule are on the sandbox clock before it jumps, as they would be in real time.
 */
export async function settleDueProviderCalls(deps: AppDeps, options: { waitMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (options.waitMs ?? 5_000);
  for (;;) {
    await runDueProviderCalls(deps);
    const now = new Date();
    const [busy] = await deps.db
      .select({ id: providerCalls.id })
      .from(providerCalls)
      .where(and(eq(providerCalls.status, 'pending'), lte(providerCalls.next_attempt_at, now), gt(providerCalls.claimed_until, now)))
      .limit(1);
    if (!busy || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
