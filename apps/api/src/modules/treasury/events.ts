import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bankLinks, treasuryTransactions, type ProviderEvent, type TreasuryTransaction } from '../../db/schema/index.ts';
import {
  arrivedMoneyEntries,
  findLedgerAccounts,
  outgoingMoneyEntries,
  postTransfer,
  takenBackEntries,
  type LedgerEntryInput,
  type WalletAccounts,
} from '../ledger/index.ts';
import { providerId } from '../../providers/banking/index.ts';
import {
  announceFundsArrived,
  publishDomainEvent,
  type HandlerUnit,
  type ProviderEventHandler,
  type ProviderEventOutcome,
} from '../../events/dispatcher.ts';
import { applyAddressReady, applyReceivedCredit } from './account-events.ts';
import { PLACE_EVENTS } from './place-events.ts';
import { recordFeeTransfer } from '../platform-fees/index.ts';

type Status = TreasuryTransaction['status'];
/** One edge of a transaction's state machine; `waitsWhile`: the earlier state an early event waits out (a return before its settlement). */
type Transition = { from: Status; to: Status; waitsWhile?: Status };
type Moved = { row: TreasuryTransaction } | { outcome: ProviderEventOutcome };

/**
 * Moves a transaction along one edge of its state machine. It is found by our own reference in
 * the event (the provider carries it, like Stripe's metadata), so an event that overtakes the
 * record of the provider's answer still finds it, and records the provider's id on the way;
 * older events without it are found by the provider's id. Not found yet, or still before the
 * edge: the event waits; already past it: nothing changes.
 */
async function transition(tx: Tx, event: ProviderEvent, edge: Transition, changes: Partial<TreasuryTransaction>): Promise<Moved> {
  const reference = event.data.treasury_transaction_id;
  const [current] = await tx
    .select()
    .from(treasuryTransactions)
    .where(
      and(
        eq(treasuryTransactions.org_id, event.org_id),
        reference ? eq(treasuryTransactions.id, reference) : eq(treasuryTransactions.provider_id, event.object_id),
      ),
    )
    .for('update');
  if (!current) return { outcome: 'retry_later' };
  if (current.status !== edge.from) return { outcome: current.status === edge.waitsWhile ? 'retry_later' : undefined };
  const [row] = await tx
    .update(treasuryTransactions)
    .set({ status: edge.to, provider_id: current.provider_id ?? event.object_id, ...changes })
    .where(eq(treasuryTransactions.id, current.id))
    .returning();
  return { row: row! };
}

/** A transfer out's money as it left the wallet: its amount is stored negative (money out), its fee apart. */
export const sentOut = (row: TreasuryTransaction) => ({ amount: -row.amount, fee: row.fee });

/** The ledger side of each event; every posting's key is the event id, so it posts at most once. */
async function applyToLedger(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<ProviderEventOutcome> {
  const { tx } = unit;
  const reason = event.data.reason ?? null;
  const key = `event:${event.id}`;
  const accounts = () => findLedgerAccounts(tx, event.org_id);
  switch (event.type) {
    case 'setup_intent.succeeded': {
      if (!(await knowsSetupIntent(tx, event))) return 'retry_later';
      await tx
        .update(bankLinks)
        .set({ status: 'succeeded', payment_method_id: event.data.payment_method_id ?? providerId('pm'), verified_at: now })
        .where(
          and(eq(bankLinks.org_id, event.org_id), eq(bankLinks.setup_intent_id, event.object_id), eq(bankLinks.status, 'requires_action')),
        )
        .returning({ id: bankLinks.id })
        .then(
          ([link]) => link && publishDomainEvent(unit, { org_id: event.org_id, type: 'bank.verified', data: { bank_link_id: link.id } }),
        );
      return;
    }
    case 'setup_intent.verification_failed': {
      if (!(await knowsSetupIntent(tx, event))) return 'retry_later';
      await tx
        .update(bankLinks)
        .set({ status: 'canceled' })
        .where(
          and(eq(bankLinks.org_id, event.org_id), eq(bankLinks.setup_intent_id, event.object_id), eq(bankLinks.status, 'requires_action')),
        );
      return;
    }
    case 'treasury.inbound_transfer.succeeded': {
      const moved = await transition(tx, event, { from: 'processing', to: 'succeeded' }, { posted_at: now });
      if (!('row' in moved)) return moved.outcome;
      const { row } = moved;
      const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
      const metadata = { treasury_transaction_id: row.id };
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_debit_settled',
        metadata,
        entries: arrivedMoneyEntries(a, { amount: row.amount, fee: 0 }),
      });
      await publishDomainEvent(unit, { org_id: event.org_id, type: 'bank.funds_arrived', data: { id: row.id, amount: row.amount } });
      return;
    }
    case 'treasury.inbound_transfer.failed': {
      const moved = await transition(tx, event, { from: 'processing', to: 'failed' }, { failed_at: now, failure_reason: reason });
      return 'row' in moved ? undefined : moved.outcome;
    }
    case 'treasury.inbound_transfer.returned': {
      const moved = await transition(
        tx,
        event,
        { from: 'succeeded', to: 'returned', waitsWhile: 'processing' },
        { returned_at: now, failure_reason: reason },
      );
      if (!('row' in moved)) return moved.outcome;
      const { row } = moved;
      const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
      // The bank takes the money back; what the wallet no longer holds becomes owed by the organisation.
      const entries = takenBackEntries(a, { amount: row.amount, fee: 0 });
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_debit_returned',
        metadata: { treasury_transaction_id: row.id },
        entries,
      });
      await tellOwed(unit, event.org_id, a, entries);
      return;
    }
    case 'treasury.outbound_payment.posted': {
      const moved = await transition(tx, event, { from: 'processing', to: 'succeeded' }, { posted_at: now });
      if (!('row' in moved)) return moved.outcome;
      const { row } = moved;
      const entries = outgoingMoneyEntries(await accounts(), 'paid', sentOut(row));
      const posted = await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_out_posted',
        metadata: { treasury_transaction_id: row.id },
        entries,
      });
      await recordFeeTransfer(tx, {
        org_id: event.org_id,
        direction: 'collect',
        amount: row.fee,
        ledger_transfer_id: posted.id,
        description: 'Crewpay transfer fee',
      });
      return;
    }
    case 'treasury.outbound_payment.failed': {
      const moved = await transition(tx, event, { from: 'processing', to: 'failed' }, { failed_at: now, failure_reason: reason });
      if (!('row' in moved)) return moved.outcome;
      const { row } = moved;
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_out_failed',
        metadata: { treasury_transaction_id: row.id },
        entries: outgoingMoneyEntries(await accounts(), 'failed', sentOut(row)),
      });
      return;
    }
    case 'treasury.outbound_payment.returned': {
      const moved = await transition(
        tx,
        event,
        { from: 'succeeded', to: 'returned', waitsWhile: 'processing' },
        { returned_at: now, failure_reason: reason },
      );
      if (!('row' in moved)) return moved.outcome;
      const { row } = moved;
      const posted = await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_out_returned',
        metadata: { treasury_transaction_id: row.id },
        entries: outgoingMoneyEntries(await accounts(), 'returned', sentOut(row)),
      });
      await recordFeeTransfer(tx, {
        org_id: event.org_id,
        direction: 'refund',
        amount: row.fee,
        ledger_transfer_id: posted.id,
        description: 'Crewpay transfer fee refund',
      });
      return;
    }
    case 'treasury.financial_account.address_ready':
      return applyAddressReady(tx, event);
    default:
      throw new Error(`Unknown banking event type ${event.type}`);
  }
}

/** Money taken back left a debt (receivable): the owner is told; the next money that lands repays it first. */
async function tellOwed(unit: HandlerUnit, orgId: string, a: WalletAccounts, entries: LedgerEntryInput[]): Promise<void> {
  const owed = -(entries.find((entry) => entry.account_id === a.receivable.id)?.amount ?? 0);
  if (owed > 0) await publishDomainEvent(unit, { org_id: orgId, type: 'wallet.owes', data: { amount: owed } });
}

/** A setup intent's events wait until our bank link records it (it is created just before our transaction). */
async function knowsSetupIntent(tx: Tx, event: ProviderEvent): Promise<boolean> {
  const [link] = await tx
    .select({ id: bankLinks.id })
    .from(bankLinks)
    .where(and(eq(bankLinks.org_id, event.org_id), eq(bankLinks.setup_intent_id, event.object_id)));
  return link !== undefined;
}

const isBankingEvent = (type: string) => type.startsWith('treasury.') || type.startsWith('setup_intent.');

/**
 * The banking provider's events (registered in src/wiring.ts). Idempotent: transitions
 * only follow their edge and each ledger posting is keyed by the event id. Funds arrived:
 * whoever registered (billing, to collect what is owed) acts once this has committed.
 */
export const bankingEvents: ProviderEventHandler = {
  handles: isBankingEvent,
  async apply(unit, event, now) {
    const place = PLACE_EVENTS[event.type];
    if (place) {
      const { landed, outcome } = await place(unit, event, now);
      if (landed) unit.afterCommit(() => announceFundsArrived(unit.deps, event.org_id));
      return outcome;
    }
    if (event.type === 'treasury.received_credit.succeeded') {
      const { credited, outcome } = await applyReceivedCredit(unit, event, now);
      if (credited) unit.afterCommit(() => announceFundsArrived(unit.deps, event.org_id));
      return outcome;
    }
    const outcome = await applyToLedger(unit, event, now);
    if (event.type === 'treasury.inbound_transfer.succeeded' && outcome === undefined) {
      unit.afterCommit(() => announceFundsArrived(unit.deps, event.org_id));
    }
    return outcome;
  },
};
