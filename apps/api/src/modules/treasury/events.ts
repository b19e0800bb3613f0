import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankLinks, providerEvents, treasuryTransactions, type ProviderEvent, type TreasuryTransaction } from '../../db/schema/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { postTransfer } from '../ledger/index.ts';
import { sandboxNow } from '../clock/index.ts';
import { providerId } from '../../providers/banking/sandbox.ts';
import { announceFundsArrived, providerEventHandlerFor } from '../../events/dispatcher.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';

type Transition = { from: TreasuryTransaction['status']; to: TreasuryTransaction['status'] };

/** Moves a transaction along one edge of its state machine; answers null when it is not on that edge. */
async function transition(
  tx: Tx,
  event: ProviderEvent,
  edge: Transition,
  changes: Partial<TreasuryTransaction>,
): Promise<TreasuryTransaction | null> {
  const [row] = await tx
    .update(treasuryTransactions)
    .set({ status: edge.to, ...changes })
    .where(
      and(
        eq(treasuryTransactions.org_id, event.org_id),
        eq(treasuryTransactions.provider_id, event.object_id),
        eq(treasuryTransactions.status, edge.from),
      ),
    )
    .returning();
  return row ?? null;
}

/** The ledger side of each event; every posting's key is the event id, so it posts at most once. */
async function applyToLedger(tx: Tx, event: ProviderEvent, now: Date): Promise<void> {
  const reason = event.data.reason ?? null;
  const key = `event:${event.id}`;
  const accounts = () => findLedgerAccounts(tx, event.org_id);
  switch (event.type) {
    case 'setup_intent.succeeded': {
      await tx
        .update(bankLinks)
        .set({ status: 'succeeded', payment_method_id: event.data.payment_method_id ?? providerId('pm'), verified_at: now })
        .where(
          and(eq(bankLinks.org_id, event.org_id), eq(bankLinks.setup_intent_id, event.object_id), eq(bankLinks.status, 'requires_action')),
        )
        .returning({ id: bankLinks.id })
        .then(([link]) => link && emitWebhookEvent(tx, { org_id: event.org_id, type: 'bank.verified', data: { bank_link_id: link.id } }));
      return;
    }
    case 'setup_intent.verification_failed': {
      await tx
        .update(bankLinks)
        .set({ status: 'canceled' })
        .where(
          and(eq(bankLinks.org_id, event.org_id), eq(bankLinks.setup_intent_id, event.object_id), eq(bankLinks.status, 'requires_action')),
        );
      return;
    }
    case 'treasury.inbound_transfer.succeeded': {
      const row = await transition(tx, event, { from: 'processing', to: 'succeeded' }, { posted_at: now });
      if (!row) return;
      const a = await accounts();
      const metadata = { treasury_transaction_id: row.id };
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_debit_settled',
        metadata,
        entries: [
          { account_id: a.outside_bank.id, amount: -row.amount },
          { account_id: a.wallet_available.id, amount: row.amount },
        ],
      });
      await emitWebhookEvent(tx, { org_id: event.org_id, type: 'bank.funds_arrived', data: { id: row.id, amount: row.amount } });
      return;
    }
    case 'treasury.inbound_transfer.failed': {
      await transition(tx, event, { from: 'processing', to: 'failed' }, { failed_at: now, failure_reason: reason });
      return;
    }
    case 'treasury.inbound_transfer.returned': {
      const row = await transition(tx, event, { from: 'succeeded', to: 'returned' }, { returned_at: now, failure_reason: reason });
      if (!row) return;
      const a = await accounts();
      // The bank takes the money back; what the wallet no longer holds becomes owed by the organisation.
      const fromWallet = Math.min(row.amount, a.wallet_available.balance);
      const owed = row.amount - fromWallet;
      const entries = [{ account_id: a.outside_bank.id, amount: row.amount }];
      if (fromWallet > 0) entries.push({ account_id: a.wallet_available.id, amount: -fromWallet });
      if (owed > 0) entries.push({ account_id: a.receivable.id, amount: -owed });
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_debit_returned',
        metadata: { treasury_transaction_id: row.id },
        entries,
      });
      return;
    }
    case 'treasury.outbound_payment.posted': {
      const row = await transition(tx, event, { from: 'processing', to: 'succeeded' }, { posted_at: now });
      if (!row) return;
      const a = await accounts();
      const amount = -row.amount;
      const entries = [
        { account_id: a.wallet_held.id, amount: -(amount + row.fee) },
        { account_id: a.outside_bank.id, amount },
      ];
      if (row.fee > 0) entries.push({ account_id: a.fees.id, amount: row.fee });
      await postTransfer(tx, { org_id: event.org_id, key, type: 'ach_out_posted', metadata: { treasury_transaction_id: row.id }, entries });
      return;
    }
    case 'treasury.outbound_payment.failed': {
      const row = await transition(tx, event, { from: 'processing', to: 'failed' }, { failed_at: now, failure_reason: reason });
      if (!row) return;
      const a = await accounts();
      const total = -row.amount + row.fee;
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_out_failed',
        metadata: { treasury_transaction_id: row.id },
        entries: [
          { account_id: a.wallet_held.id, amount: -total },
          { account_id: a.wallet_available.id, amount: total },
        ],
      });
      return;
    }
    case 'treasury.outbound_payment.returned': {
      const row = await transition(tx, event, { from: 'succeeded', to: 'returned' }, { returned_at: now, failure_reason: reason });
      if (!row) return;
      const a = await accounts();
      const amount = -row.amount;
      const entries = [
        { account_id: a.outside_bank.id, amount: -amount },
        { account_id: a.wallet_available.id, amount: amount + row.fee },
      ];
      if (row.fee > 0) entries.push({ account_id: a.fees.id, amount: -row.fee });
      await postTransfer(tx, {
        org_id: event.org_id,
        key,
        type: 'ach_out_returned',
        metadata: { treasury_transaction_id: row.id },
        entries,
      });
      return;
    }
    default: {
      // Events of other capabilities (payouts) go to the module that registered for them.
      const handler = providerEventHandlerFor(event.type);
      if (handler) return handler.apply(tx, event, now);
      throw new Error(`Unknown banking event type ${event.type}`);
    }
  }
}

/**
 * The one handler through which outside banking events reach our records and the ledger.
 * Idempotent: the event row is locked and stamped processed_at, transitions only follow their
 * edge, and each ledger posting is keyed by the event id — the same event twice changes nothing.
 */
export async function handleProviderEvent(db: Db, eventId: string): Promise<boolean> {
  const applied = await db.transaction(async (tx) => {
    const [event] = await tx.select().from(providerEvents).where(eq(providerEvents.id, eventId)).for('update');
    if (!event || event.processed_at) return null;
    const now = await sandboxNow(tx);
    await applyToLedger(tx, event, now);
    await tx.update(providerEvents).set({ processed_at: now }).where(eq(providerEvents.id, event.id));
    return event;
  });
  // Funds arrived: whoever registered (billing, to collect what is owed) acts in its own transaction.
  if (applied?.type === 'treasury.inbound_transfer.succeeded') await announceFundsArrived(db, applied.org_id);
  return applied !== null;
}

/** Applies every event whose time has come on the sandbox clock, oldest first; answers how many. */
export async function processDueEvents(db: Db, options: { limit?: number } = {}): Promise<number> {
  let processed = 0;
  const limit = options.limit ?? 1000;
  while (processed < limit) {
    const now = await sandboxNow(db);
    const due = await db
      .select({ id: providerEvents.id })
      .from(providerEvents)
      .where(and(isNull(providerEvents.processed_at), lte(providerEvents.due_at, now)))
      .orderBy(providerEvents.due_at, sql`${providerEvents.id}`)
      .limit(50);
    if (due.length === 0) break;
    for (const { id } of due) if (await handleProviderEvent(db, id)) processed += 1;
    if (due.length < 50) break;
  }
  return processed;
}
