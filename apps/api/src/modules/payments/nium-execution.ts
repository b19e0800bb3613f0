import { sql } from 'drizzle-orm';
import { formatCents, payoutAbroadMessages } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { niumPayouts, type NiumQuoteRow, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';
import { findLedgerAccounts, niumHoldMovedEntries, postTransfer, type WalletAccounts } from '../ledger/index.ts';
import { niumCallProvider } from '../nium/index.ts';
import { recordProviderCall } from '../provider-calls/index.ts';

type AbroadDestination = Extract<PayoutDestination, { method: 'nium' }>;
/** The quotes Execute locked, by payment: when given, every payment sent abroad now must have its own. */
export type LockedQuotes = Map<string, NiumQuoteRow>;

export const NIUM_TRANSFER = 'nium.transfer';
export type NiumTransferRequest = {
  payment_id: string;
  payee_abroad_id: string;
  amount: number;
  destination_currency: string;
  quote_id: string | null;
  memo: string;
};

export const isAbroad = (destination: PayoutDestination | null | undefined): destination is AbroadDestination =>
  destination?.method === 'nium';

/** What the Nium wallet holds for a batch: the dollars of its payments abroad (their fees are held in the US wallet). */
export const abroadAmount = (rows: Payment[], destinations: Map<string, PayoutDestination | null>) =>
  rows.reduce((sum, row) => sum + (isAbroad(destinations.get(row.id)) ? row.amount : 0), 0);

/**
 * Execute's confirmation covers every payment it sends abroad now: each has the quote the owner
 * saw, for its amount (a withholding recomputed since changes it: quote again). Otherwise nothing
 * moves and the dialog quotes again.
 */
export function assertQuotesCover(
  plan: { ready: Payment[]; destinations: Map<string, PayoutDestination | null> },
  quotes: LockedQuotes | undefined,
): void {
  if (!quotes) return;
  for (const payment of plan.ready) {
    if (!isAbroad(plan.destinations.get(payment.id))) continue;
    const quote = quotes.get(payment.id);
    if (!quote || quote.source_amount !== payment.amount) throw new AppError('quote_expired', payoutAbroadMessages.quoteRequired);
  }
}

/** The sentence for a Nium wallet that cannot cover a batch's payments abroad. */
export const niumShortError = (accounts: WalletAccounts, needed: number) =>
  new AppError('insufficient_funds', payoutAbroadMessages.niumShort(formatCents(needed), formatCents(accounts.nium_available.balance)));

/**
 * Payments abroad that waited for their payee's details were held in the US wallet: their dollars'
 * hold moves to the Nium wallet (nium_release:<id>). Those the Nium wallet cannot cover now keep
 * waiting, held where they are. Answers the payments that can start.
 */
async function moveWaitingHolds(tx: Tx, orgId: string, rows: Payment[]): Promise<Payment[]> {
  const waited = rows.filter((row) => row.status === 'requires_info');
  if (waited.length === 0) return rows;
  const accounts = await findLedgerAccounts(tx, orgId, { lock: true });
  let available = accounts.nium_available.balance;
  const moved = new Set<string>();
  for (const row of waited) {
    if (row.amount > available) continue;
    available -= row.amount;
    moved.add(row.id);
    if (row.amount > 0)
      await postTransfer(tx, {
        org_id: orgId,
        key: `nium_release:${row.id}`,
        type: 'nium_hold_moved',
        memo: 'Held in the Nium wallet',
        metadata: { payment_id: row.id },
        entries: niumHoldMovedEntries(accounts, row.amount),
      });
  }
  return rows.filter((row) => row.status !== 'requires_info' || moved.has(row.id));
}

/**
 * Starts payments abroad whose dollars are held in the Nium wallet, in the caller's transaction:
 * each becomes processing (method nium) with its Nium payout row (the locked quote's figures, if
 * Execute locked one), and one `nium.transfer` call per payment is recorded (keyed by the payment:
 * its externalId at Nium makes a retry pay once). Answers the calls' ids, to run after the commit.
 */
export async function startAbroadPayouts(
  deps: AppDeps,
  tx: Tx,
  orgId: string,
  items: { payment: Payment; destination: AbroadDestination }[],
  now: Date,
  quotes?: LockedQuotes,
): Promise<string[]> {
  if (items.length === 0) return [];
  const startable = new Set(
    (
      await moveWaitingHolds(
        tx,
        orgId,
        items.map((item) => item.payment),
      )
    ).map((row) => row.id),
  );
  const ready = items.filter((item) => startable.has(item.payment.id));
  if (ready.length === 0) return [];
  await tx.execute(sql`
    UPDATE payments SET status = 'processing', method = 'nium', date_initiated = COALESCE(date_initiated, ${now}::timestamptz), updated_at = now()
    WHERE org_id = ${orgId} AND id IN (${sql.join(
      ready.map((item) => sql`${item.payment.id}::uuid`),
      sql`, `,
    )}) AND status IN ('draft', 'requires_info', 'awaiting_approval')`);
  // A thousand rows an insert: 10,000 payments' columns would pass PostgreSQL's 65,535 parameters.
  for (let start = 0; start < ready.length; start += 1_000)
    await tx
      .insert(niumPayouts)
      .values(
        ready.slice(start, start + 1_000).map(({ payment, destination }) => {
          const quote = quotes?.get(payment.id);
          return {
            payment_id: payment.id,
            org_id: orgId,
            payee_abroad_id: destination.payee_abroad_id,
            source_currency: 'USD',
            source_amount: payment.amount,
            destination_currency: destination.currency,
            destination_amount: quote?.destination_amount ?? null,
            rate: quote?.rate ?? null,
            quote_id: quote?.quote_id ?? null,
          };
        }),
      )
      .onConflictDoNothing();
  const callIds: string[] = [];
  for (const { payment, destination } of ready) {
    const request: NiumTransferRequest = {
      payment_id: payment.id,
      payee_abroad_id: destination.payee_abroad_id,
      amount: payment.amount,
      destination_currency: destination.currency,
      quote_id: quotes?.get(payment.id)?.quote_id ?? null,
      memo: payment.memo || 'Payment',
    };
    callIds.push(
      await recordProviderCall(tx, {
        org_id: orgId,
        provider: niumCallProvider(deps),
        operation: NIUM_TRANSFER,
        idempotency_key: `nium_transfer:${payment.id}`,
        subject_id: payment.id,
        request,
      }),
    );
  }
  return callIds;
}
