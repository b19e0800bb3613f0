import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents, payoutAbroadMessages, sourceForMinor } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { niumPayouts, niumQuotes, payments, type NiumQuoteRow, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { FxQuote, PayoutDestination } from '../../providers/payouts/index.ts';
import { findLedgerAccounts, niumHoldMovedEntries, postTransfer, type WalletAccounts } from '../ledger/index.ts';
import { niumCallProvider } from '../nium/index.ts';
import { recordProviderCalls } from '../provider-calls/index.ts';

type AbroadDestination = Extract<PayoutDestination, { method: 'nium' }>;
/** The quotes Execute locked, by payment: when given, every payment sent abroad now must have its own. */
export type LockedQuotes = Map<string, NiumQuoteRow>;

export const NIUM_TRANSFER = 'nium.transfer';
export type NiumTransferRequest = {
  payment_id: string;
  payee_abroad_id: string;
  amount: number;
  destination_currency: string;
  /** A payment entered in the payee's currency: what they receive, fixed (amount is then the USD estimate). */
  destination_amount?: number | null;
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
    if (!quote || quote.source_amount !== payment.amount || !quotesEntered(quote, payment))
      throw new AppError('quote_expired', payoutAbroadMessages.quoteRequired);
  }
}

/** A quote for a payment entered in its payee's currency must be for exactly that amount (an edit since: quote again). */
const quotesEntered = (quote: NiumQuoteRow, payment: Payment) =>
  payment.currency_amount === null ||
  (quote.destination_currency === payment.amount_currency && quote.destination_amount === payment.currency_amount);

/**
 * Payments entered in their payee's currency take the USD amount of the quote the owner confirmed
 * (`quoteIds`, Execute's): what Nium takes from the wallet for exactly the amount entered. The
 * plan holds and sends that; the preview, given the same quotes, shows the same (execution-plan.ts).
 * Without a quote for it a payment keeps its estimate (a quote asked at its transfer settles it).
 */
export async function priceAtQuotes(tx: Tx, orgId: string, rows: Payment[], quoteIds: string[] | undefined): Promise<Payment[]> {
  const entered = rows.filter((row) => row.currency_amount !== null);
  if (entered.length === 0 || !quoteIds?.length) return rows;
  const quoted = await tx
    .select()
    .from(niumQuotes)
    .where(
      and(
        eq(niumQuotes.org_id, orgId),
        inArray(niumQuotes.quote_id, [...new Set(quoteIds)]),
        inArray(
          niumQuotes.payment_id,
          entered.map((row) => row.id),
        ),
      ),
    );
  const priced = new Map<string, number>();
  for (const row of entered) {
    const quote = quoted.find((candidate) => candidate.payment_id === row.id && quotesEntered(candidate, row));
    if (!quote || quote.source_amount === row.amount) continue;
    priced.set(row.id, quote.source_amount);
    await tx
      .update(payments)
      .set({ amount: quote.source_amount, updated_at: new Date() })
      .where(and(eq(payments.org_id, orgId), eq(payments.id, row.id)));
  }
  return priced.size === 0 ? rows : rows.map((row) => (priced.has(row.id) ? { ...row, amount: priced.get(row.id)! } : row));
}

/** What the payee receives, fixed, for a payment entered in the currency they are paid in (else null: the USD amount is fixed). */
const fixedDestination = (payment: Payment, destination: AbroadDestination) =>
  payment.currency_amount !== null && payment.amount_currency === destination.currency ? payment.currency_amount : null;

/** What a quote for a payment fixes: what the payee receives when it was entered in their currency, else the USD amount. */
export const quotedAmount = (payment: Payment, currency: string): { destination_amount: number } | { source_amount: number } =>
  payment.currency_amount !== null && payment.amount_currency === currency
    ? { destination_amount: payment.currency_amount }
    : { source_amount: payment.amount };

/**
 * Both sides of a quote in minor units. Nium answers a quote for a fixed destination with its rate
 * and that amount only (no sourceAmount): the USD side is what it will take for it, the least
 * cents that buy it at the rate (rounded up, as Nium prices the transfer).
 */
export function quotedFigures(
  quote: FxQuote,
  usdAmount: number,
): { source_amount: number; destination_currency: string; destination_amount: number } {
  const destination = quote.destination_amount ?? 0;
  const source =
    quote.source_amount ??
    (quote.destination_amount === null
      ? usdAmount
      : sourceForMinor(destination, { from: quote.source_currency, to: quote.destination_currency, rate: quote.rate }));
  return { source_amount: source, destination_currency: quote.destination_currency, destination_amount: destination };
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
            destination_amount: quote?.destination_amount ?? fixedDestination(payment, destination),
            rate: quote?.rate ?? null,
            quote_id: quote?.quote_id ?? null,
          };
        }),
      )
      .onConflictDoNothing();
  return recordProviderCalls(
    tx,
    ready.map(({ payment, destination }) => {
      const quote = quotes?.get(payment.id);
      const request: NiumTransferRequest = {
        payment_id: payment.id,
        payee_abroad_id: destination.payee_abroad_id,
        amount: payment.amount,
        destination_currency: destination.currency,
        destination_amount: fixedDestination(payment, destination),
        quote_id: quote?.quote_id ?? null,
        memo: payment.memo || 'Payment',
      };
      return {
        org_id: orgId,
        provider: niumCallProvider(deps),
        operation: NIUM_TRANSFER,
        idempotency_key: `nium_transfer:${payment.id}`,
        subject_id: payment.id,
        request,
        // Nium refuses the transfer once the quote's lock has run out: the outbox makes it before
        // then, ahead of calls that can wait (a batch's ACH payouts, a bigger batch before it).
        deadline: quote?.expires_at ?? null,
      };
    }),
  );
}
