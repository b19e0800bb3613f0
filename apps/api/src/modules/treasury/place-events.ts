import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financialAccounts, ledgerTransfers, treasuryTransactions, type ProviderEvent } from '../../db/schema/index.ts';
import { publishDomainEvent, type HandlerUnit, type ProviderEventOutcome } from '../../events/dispatcher.ts';
import { newId } from '../../lib/ids.ts';
import {
  arrivedMoneyEntries,
  balancePayoutEntries,
  debitedEntries,
  findLedgerAccounts,
  freezeEntries,
  postTransfer,
  type LedgerEntryInput,
} from '../ledger/index.ts';

/** Whether money landed in the financial account (the funds-arrived hook then runs: owed billing, owed fees, releases). */
type PlaceOutcome = { landed: boolean; outcome: ProviderEventOutcome };
const nothing: PlaceOutcome = { landed: false, outcome: undefined };

const amountOf = (event: ProviderEvent) => {
  const amount = Number(event.data.amount);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
};

/**
 * A payout of the payments balance to the financial account (docs/money-flows.md, "Places"):
 * created, the amount is in transit (with Stripe's arrival date in the posting's metadata, which
 * the wallet shows); paid, it lands in the financial account, debt first, and is spendable;
 * failed, it is back in the payments balance for the next payout. A paid or failed event that
 * overtakes its created one posts the created step first (same key: once).
 */
async function applyBalancePayout(unit: HandlerUnit, event: ProviderEvent): Promise<PlaceOutcome> {
  const { tx } = unit;
  const amount = amountOf(event);
  if (!amount) return nothing;
  const payout = event.object_id;
  const metadata = { payout_id: payout, arrival_date: event.data.arrival_date ?? '' };
  const post = async (step: 'created' | 'paid' | 'failed') =>
    postTransfer(tx, {
      org_id: event.org_id,
      key: `balance_payout:${payout}:${step}`,
      type: `balance_payout_${step}`,
      metadata,
      entries: balancePayoutEntries(await findLedgerAccounts(tx, event.org_id, { lock: true }), step, amount),
    });
  await post('created');
  if (event.type === 'treasury.balance_payout.created') return nothing;
  const step = event.type === 'treasury.balance_payout.paid' ? 'paid' : 'failed';
  // A payout is paid or failed, never both: the second outcome Stripe cannot send changes nothing.
  const [other] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.org_id, event.org_id),
        eq(ledgerTransfers.idempotency_key, `balance_payout:${payout}:${step === 'paid' ? 'failed' : 'paid'}`),
      ),
    );
  if (other) return nothing;
  const posted = await post(step);
  if (step === 'failed' || !posted.isNew) return nothing;
  await publishDomainEvent(unit, { org_id: event.org_id, type: 'bank.funds_arrived', data: { id: payout, amount } });
  return { landed: true, outcome: undefined };
}

type OutsideKind = 'received_debit' | 'received_credit';

/** The movement's row in the wallet's transactions (the provider's id makes it once); null when it was recorded already. */
async function recordMovement(
  tx: Tx,
  event: ProviderEvent,
  row: { flow_type: OutsideKind; status: 'succeeded' | 'failed'; amount: number; memo: string; now: Date },
): Promise<string | null | 'retry_later'> {
  const [account] = await tx.select({ id: financialAccounts.id }).from(financialAccounts).where(eq(financialAccounts.org_id, event.org_id));
  if (!account) return 'retry_later';
  const [inserted] = await tx
    .insert(treasuryTransactions)
    .values({
      id: newId(),
      org_id: event.org_id,
      financial_account_id: account.id,
      provider_id: event.object_id,
      flow_type: row.flow_type,
      status: row.status,
      amount: row.amount,
      memo: row.memo,
      created_at: row.now,
      ...(row.status === 'succeeded' ? { posted_at: row.now } : { failed_at: row.now, failure_reason: 'failed' }),
    })
    .onConflictDoNothing({ target: treasuryTransactions.provider_id })
    .returning({ id: treasuryTransactions.id });
  return inserted?.id ?? null;
}

const owedOf = (a: Awaited<ReturnType<typeof findLedgerAccounts>>, entries: LedgerEntryInput[]) =>
  -(entries.find((entry) => entry.account_id === a.receivable.id)?.amount ?? 0);

/**
 * Money that left the financial account without a call of ours: an ACH debit someone made on the
 * wallet's numbers (unknown: the spendable amount left is frozen until the owner looks at it, and
 * the owner is told), or a credit reversed (the platform sent a received credit back). Taken from
 * what the wallet can spend, the rest owed (collected from the next money that lands).
 */
async function applyOutsideDebit(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<PlaceOutcome> {
  const { tx } = unit;
  const amount = amountOf(event);
  if (!amount) return nothing;
  const unknown = event.type === 'treasury.received_debit.succeeded';
  const memo = unknown ? 'ACH debit by someone outside Crewpay' : 'Credit reversed';
  const id = await recordMovement(tx, event, { flow_type: 'received_debit', status: 'succeeded', amount: -amount, memo, now });
  if (id === 'retry_later') return { landed: false, outcome: 'retry_later' };
  if (!id) return nothing;
  const a = await findLedgerAccounts(tx, event.org_id, { lock: true });
  const entries = debitedEntries(a, amount);
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `outside_debit:${event.object_id}`,
    type: unknown ? 'received_debit' : 'credit_reversed',
    metadata: { treasury_transaction_id: id },
    entries,
  });
  const owed = owedOf(a, entries);
  if (owed > 0) await publishDomainEvent(unit, { org_id: event.org_id, type: 'wallet.owes', data: { amount: owed } });
  if (!unknown) return nothing;
  const spendable = a.wallet_available.balance + (entries.find((entry) => entry.account_id === a.wallet_available.id)?.amount ?? 0);
  if (spendable > 0)
    await postTransfer(tx, {
      org_id: event.org_id,
      key: `outside_debit:${event.object_id}:freeze`,
      type: 'wallet_frozen',
      metadata: { treasury_transaction_id: id },
      entries: freezeEntries(a, 'freeze', spendable),
    });
  await publishDomainEvent(unit, { org_id: event.org_id, type: 'wallet.frozen', data: { amount, frozen: spendable, id } });
  return nothing;
}

/** A debit reversed (the money an outside debit took comes back) lands like any money: debt first. */
async function applyDebitReversal(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<PlaceOutcome> {
  const { tx } = unit;
  const amount = amountOf(event);
  if (!amount) return nothing;
  const id = await recordMovement(tx, event, { flow_type: 'received_credit', status: 'succeeded', amount, memo: 'Debit reversed', now });
  if (id === 'retry_later') return { landed: false, outcome: 'retry_later' };
  if (!id) return nothing;
  await postTransfer(tx, {
    org_id: event.org_id,
    key: `debit_reversal:${event.object_id}`,
    type: 'debit_reversed',
    metadata: { treasury_transaction_id: id },
    entries: arrivedMoneyEntries(await findLedgerAccounts(tx, event.org_id, { lock: true }), { amount, fee: 0 }),
  });
  await publishDomainEvent(unit, { org_id: event.org_id, type: 'bank.funds_arrived', data: { id, amount } });
  return { landed: true, outcome: undefined };
}

/** A credit that failed moved no money: it is shown among the wallet's transactions as failed, nothing is booked. */
async function applyFailedCredit(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<PlaceOutcome> {
  const { tx } = unit;
  const amount = amountOf(event);
  if (!amount) return nothing;
  const id = await recordMovement(tx, event, { flow_type: 'received_credit', status: 'failed', amount, memo: 'Credit failed', now });
  return id === 'retry_later' ? { landed: false, outcome: 'retry_later' } : nothing;
}

export const PLACE_EVENTS: Record<string, (unit: HandlerUnit, event: ProviderEvent, now: Date) => Promise<PlaceOutcome>> = {
  'treasury.balance_payout.created': applyBalancePayout,
  'treasury.balance_payout.paid': applyBalancePayout,
  'treasury.balance_payout.failed': applyBalancePayout,
  'treasury.received_debit.succeeded': applyOutsideDebit,
  'treasury.credit_reversal.created': applyOutsideDebit,
  'treasury.debit_reversal.completed': applyDebitReversal,
  'treasury.received_credit.failed': applyFailedCredit,
};
