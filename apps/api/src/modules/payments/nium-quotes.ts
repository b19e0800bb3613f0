import { TransactionRollbackError } from 'drizzle-orm/errors';
import { and, eq, inArray } from 'drizzle-orm';
import { payoutAbroadMessages, type InitiatePaymentsBody, type PayoutQuote } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { niumQuotes, payeesAbroad, type NiumQuoteRow, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { inFlight } from '../../lib/in-flight.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { insertMany } from '../../db/insert-many.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { niumProvider } from '../nium/index.ts';
import { orgOf, planExecution } from './execution-plan.ts';
import { quotedAmount, quotedFigures } from './nium-execution.ts';

/** The payments an execution would send now through Nium, each with the currency and the name its payee is paid under. */
type AbroadTarget = { payment: Payment; currency: string; name: string };

/** A quote row as the Execute dialog shows it. */
const quoteView = (row: Omit<NiumQuoteRow, 'created_at'>, name: string, payment: Payment): PayoutQuote => ({
  payment_id: row.payment_id,
  quote_id: row.quote_id,
  recipient_name: name,
  source_currency: row.source_currency,
  source_amount: row.source_amount,
  destination_currency: row.destination_currency,
  destination_amount: row.destination_amount,
  rate: row.rate,
  market_rate: row.market_rate,
  fee: row.fee,
  expires_at: row.expires_at.toISOString(),
  amount_fixed: 'destination_amount' in quotedAmount(payment, row.destination_currency) ? 'destination' : 'source',
});

/** The plan Execute would carry out (rolled back, as the preview), read for its payments abroad. */
async function abroadTargets(deps: AppDeps, orgId: string, body: InitiatePaymentsBody): Promise<AbroadTarget[]> {
  let targets: AbroadTarget[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const plan = await planExecution(deps, tx, await orgOf(tx, orgId), body);
      const abroad = plan.ready.flatMap((payment) => {
        const destination = plan.destinations.get(payment.id);
        return destination?.method === 'nium' ? [{ payment, destination }] : [];
      });
      const ids = abroad.map((item) => item.destination.payee_abroad_id);
      const names = ids.length
        ? await tx
            .select({ id: payeesAbroad.id, name: payeesAbroad.account_holder_name })
            .from(payeesAbroad)
            .where(and(eq(payeesAbroad.org_id, orgId), inArray(payeesAbroad.id, ids)))
        : [];
      targets = abroad.map(({ payment, destination }) => ({
        payment,
        currency: destination.currency,
        name: names.find((row) => row.id === destination.payee_abroad_id)?.name ?? '',
      }));
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return targets;
}

/** Quotes asked of Nium at once (each holds at most one pooled connection while it is stored). */
const QUOTES_IN_FLIGHT = 4;

const providerDown = () => new AppError('provider_unavailable', payoutAbroadMessages.niumDown);

/**
 * POST /v1/payments/initiate/quotes: a payout quote for each payment Execute would send abroad now
 * (USD out of the Nium wallet, the payee's currency in): the rate, the fee, what the payee
 * receives and until when, kept so Execute locks exactly these. A payment entered in the payee's
 * currency is quoted for that amount, fixed: the quote says the USD it takes. The provider is asked with no
 * transaction open; the quotes are stored after.
 */
export async function quoteExecution(deps: AppDeps, orgId: string, body: InitiatePaymentsBody): Promise<{ quotes: PayoutQuote[] }> {
  const targets = await abroadTargets(deps, orgId, body);
  const nium = niumProvider(deps);
  // Each quote is its own request to Nium: a few side by side, as the provider calls are made.
  const rows = await inFlight(targets, QUOTES_IN_FLIGHT, async (target) => {
    const quote = await nium
      .quote({
        org_id: orgId,
        source_currency: 'USD',
        destination_currency: target.currency,
        ...quotedAmount(target.payment, target.currency),
      })
      .catch((error: unknown) => {
        throw error instanceof ProviderCallError && !error.retryable
          ? new AppError('conflict', `Nium cannot quote ${target.currency}`)
          : providerDown();
      });
    return {
      quote_id: quote.quote_id,
      org_id: orgId,
      payment_id: target.payment.id,
      source_currency: quote.source_currency,
      ...quotedFigures(quote, target.payment.amount),
      rate: quote.rate,
      market_rate: quote.market_rate,
      fee: quote.fee,
      expires_at: new Date(quote.expires_at),
    };
  });
  // Kept together once all are quoted (a thousand rows a statement): one that Nium refused leaves none to lock.
  for (let start = 0; start < rows.length; start += 1_000) await insertMany(deps.db, niumQuotes, rows.slice(start, start + 1_000));
  return { quotes: rows.map((row, index) => quoteView(row, targets[index]!.name, targets[index]!.payment)) };
}

/**
 * Execute's confirmation: each quote the owner saw is locked at Nium before anything moves (with
 * no transaction open). One past its expiry refuses the execution (quote_expired): the dialog
 * quotes again, and nothing is ever booked at the old rate. Answers the locked quotes by payment.
 */
export async function lockQuotes(deps: AppDeps, orgId: string, quoteIds: string[]): Promise<Map<string, NiumQuoteRow>> {
  const rows = quoteIds.length
    ? await deps.db
        .select()
        .from(niumQuotes)
        .where(and(eq(niumQuotes.org_id, orgId), inArray(niumQuotes.quote_id, [...new Set(quoteIds)])))
    : [];
  if (rows.length !== new Set(quoteIds).size) throw new AppError('quote_expired', payoutAbroadMessages.quoteExpired);
  // One already past its expiry by our own record refuses the execution without asking Nium.
  const now = (await sandboxNow(deps.db)).getTime();
  if (rows.some((row) => row.expires_at.getTime() <= now)) throw new AppError('quote_expired', payoutAbroadMessages.quoteExpired);
  const nium = niumProvider(deps);
  // Each confirmation is its own request to Nium: a few side by side, as the quotes were asked.
  await inFlight(rows, QUOTES_IN_FLIGHT, (row) =>
    nium.lockQuote({ org_id: orgId, quote_id: row.quote_id }).catch((error: unknown) => {
      if (error instanceof ProviderCallError && !error.retryable) throw new AppError('quote_expired', payoutAbroadMessages.quoteExpired);
      throw providerDown();
    }),
  );
  return new Map(rows.map((row) => [row.payment_id, row]));
}
