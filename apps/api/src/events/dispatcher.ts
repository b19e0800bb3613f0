import type { Db, DbOrTx, Tx } from '../db/client.ts';
import type { ProviderEvent } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Modules react to one another's events without importing one another: the module that owns
 * an event announces it here, the modules that care register a handler at start (src/wiring.ts).
 */
/**
 * What applying an event came to: nothing to say (applied, or ignored by a state guard), or
 * 'retry_later' when its object is not known yet or not yet in the state the event follows
 * (a return before the payout's paid): the event stays unprocessed and is tried again.
 */
export type ProviderEventOutcome = void | 'retry_later';

export type ProviderEventHandler = {
  /** Whether this handler applies the event type (e.g. payout.* for payments). */
  handles: (type: string) => boolean;
  /** Applies the event inside the caller's transaction, idempotently; `afterCommit` runs once it has committed. */
  apply: (tx: Tx, event: ProviderEvent, now: Date, afterCommit: (task: (db: Db) => Promise<void>) => void) => Promise<ProviderEventOutcome>;
};
/** Runs after the transaction that recorded money arriving in a wallet has committed. */
export type FundsArrivedHandler = (db: Db, orgId: string) => Promise<void>;

/** A check the books' reconciliation runs besides the ledger's own (payments match their transfers). */
export type ReconcileCheck = (db: Db | Tx) => Promise<{ checked: number; problems: { kind: string }[] }>;

const reconcileChecks: ReconcileCheck[] = [];

export function onReconcile(check: ReconcileCheck): void {
  if (!reconcileChecks.includes(check)) reconcileChecks.push(check);
}

export function registeredReconcileChecks(): readonly ReconcileCheck[] {
  return reconcileChecks;
}

const providerEventHandlers: ProviderEventHandler[] = [];
const fundsArrivedHandlers: FundsArrivedHandler[] = [];

export function onProviderEvent(handler: ProviderEventHandler): void {
  if (!providerEventHandlers.includes(handler)) providerEventHandlers.push(handler);
}

export function onFundsArrived(handler: FundsArrivedHandler): void {
  if (!fundsArrivedHandlers.includes(handler)) fundsArrivedHandlers.push(handler);
}

/** The registered handler for an event type, if a module registered one. */
export function providerEventHandlerFor(type: string): ProviderEventHandler | undefined {
  return providerEventHandlers.find((handler) => handler.handles(type));
}

export async function announceFundsArrived(db: Db, orgId: string): Promise<void> {
  for (const handler of fundsArrivedHandlers) await handler(db, orgId);
}

/** Something the organisation should know happened (the event webhooks deliver, e.g. 'payment.posted'). */
export type DomainEvent = { org_id: string; type: string; data: Record<string, unknown> };
/**
 * Runs inside the transaction that caused the event: what it writes commits with the cause or not
 * at all. `afterCommit`, when the cause gives it, runs a task once that cause's outermost
 * transaction has committed (payouts a released payment queues must not be called before).
 */
export type DomainEventHandler = (tx: DbOrTx, event: DomainEvent, afterCommit?: (task: () => Promise<void>) => void) => Promise<void>;

// Keyed by the listening module, so wiring again replaces rather than doubles.
const domainEventHandlers = new Map<string, DomainEventHandler>();

export function onDomainEvent(listener: string, handler: DomainEventHandler): void {
  domainEventHandlers.set(listener, handler);
}

export async function announceDomainEvent(
  tx: DbOrTx,
  event: DomainEvent,
  afterCommit?: (task: () => Promise<void>) => void,
): Promise<void> {
  for (const handler of domainEventHandlers.values()) await handler(tx, event, afterCommit);
}

/**
 * What a once-a-minute job does against the sandbox clock (scheduled payouts, recurring invoices,
 * reminders). Moving the sandbox clock runs each at once, in the order registered, as the jobs
 * would at their next tick; keyed by name, so wiring again replaces rather than doubles.
 */
export type ClockDrivenWork = (deps: AppDeps) => Promise<unknown>;

const clockDrivenWork = new Map<string, ClockDrivenWork>();

export function onClockMoved(name: string, work: ClockDrivenWork): void {
  clockDrivenWork.set(name, work);
}

export async function runClockDrivenWork(deps: AppDeps): Promise<void> {
  for (const work of clockDrivenWork.values()) await work(deps);
}
