import type { Db, DbOrTx, Tx } from '../db/client.ts';
import type { ProviderEvent } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';
import { inUnitOfWork, type UnitOfWork } from '../lib/unit-of-work.ts';

/**
 * How modules react to one another without importing one another: the module that owns an event
 * publishes it on the bus of the process's kernel (deps.kernel, built from the modules'
 * descriptors by src/wiring.ts), and the modules that declared a handler for it act.
 */

/** One business transaction as a handler sees it: the process's deps, the transaction, work after the outermost commit, savepoints. */
export type HandlerUnit = UnitOfWork & { deps: AppDeps };

/** Runs `work` in a new transaction as a unit of the process (what it leaves for after the commit runs once it has committed). */
export function inUnit<T>(deps: AppDeps, work: (unit: HandlerUnit) => Promise<T>): Promise<T> {
  return inUnitOfWork(deps.db, (uow) => work({ ...uow, deps }));
}

/**
 * What applying an event came to: nothing to say (applied, or ignored by a state guard), or
 * 'retry_later' when its object is not known yet or not yet in the state the event follows
 * (a return before the payout's paid): the event stays unprocessed and is tried again.
 */
export type ProviderEventOutcome = void | 'retry_later';

export type ProviderEventHandler = {
  /** Whether this handler applies the event type (e.g. payout.* for payments). */
  handles: (type: string) => boolean;
  /** Applies the event inside the unit's transaction, idempotently; `unit.afterCommit` runs once the outermost transaction has committed. */
  apply: (unit: HandlerUnit, event: ProviderEvent, now: Date) => Promise<ProviderEventOutcome>;
};

/** Runs after the transaction that recorded money arriving in a wallet has committed. */
export type FundsArrivedHandler = (deps: AppDeps, orgId: string) => Promise<void>;

/** A check the books' reconciliation runs besides the ledger's own (payments match their transfers). */
export type ReconcileCheck = (db: Db | Tx) => Promise<{ checked: number; problems: { kind: string }[] }>;

/** Something the organisation should know happened (e.g. 'payment.posted'); outgoing webhooks and notifications are two of its subscribers. */
export type DomainEvent = { org_id: string; type: string; data: Record<string, unknown> };

/** Runs inside the unit that caused the event: what it writes commits with the cause or not at all. */
export type DomainEventSubscriber = { name: string; handle: (unit: HandlerUnit, event: DomainEvent) => Promise<void> };

/**
 * What a once-a-minute job does against the sandbox clock (scheduled payouts, recurring invoices,
 * reminders). Moving the sandbox clock runs each at once, in the order of the descriptors, as the
 * jobs would at their next tick.
 */
export type ClockWork = { name: string; run: (deps: AppDeps) => Promise<unknown> };

/** The handler the kernel has for an event type, if a module declared one. */
export function providerEventHandlerFor(deps: Pick<AppDeps, 'kernel'>, type: string): ProviderEventHandler | undefined {
  return deps.kernel.providerEvents.find((handler) => handler.handles(type));
}

/** Publishes a domain event to every subscriber, in the unit that caused it. */
export async function publishDomainEvent(unit: HandlerUnit, event: DomainEvent): Promise<void> {
  for (const subscriber of unit.deps.kernel.domainEvents) await subscriber.handle(unit, event);
}

/** Tells the modules that care that money arrived in an organisation's wallet (call it after the commit that recorded it). */
export async function announceFundsArrived(deps: AppDeps, orgId: string): Promise<void> {
  for (const handler of deps.kernel.fundsArrived) await handler(deps, orgId);
}

/** Runs what the sandbox clock made due (POST /dev/clock/advance). */
export async function runClockWork(deps: AppDeps): Promise<void> {
  for (const work of deps.kernel.clockWork) await work.run(deps);
}

/** The reconciliation checks the modules declared, run over `db`. */
export async function runReconcileChecks(deps: { db: DbOrTx; kernel: AppDeps['kernel'] }) {
  const reports = [];
  for (const check of deps.kernel.reconcileChecks) reports.push(await check(deps.db as Db));
  return reports;
}
