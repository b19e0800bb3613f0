import { and, eq, inArray } from 'drizzle-orm';
import {
  formatCents,
  grossAmount,
  isCurrencyCode,
  MAX_AMOUNT_CENTS,
  payoutAbroadMessages,
  sourceForMinor,
  type ComputedPayment,
  type ComputedPayments,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creators, payeesAbroad, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { niumProvider } from '../nium/index.ts';
import { payeesOwingBackupWithholding } from './backup-withholding-records.ts';

/**
 * Payments entered in the payee's currency (docs/payments.md, "Amounts in the payee's currency"):
 * the payee receives exactly the amount entered; the USD side is the quote's estimate until
 * Execute locks a quote (or the transfer asks one) and books what Nium converted.
 */

/** A computed payment, with the currency it was entered in when not USD (withEntryCurrencies). */
export type EnteredPayment = ComputedPayment & { amount_currency?: string; currency_amount?: number | null };

/** The rate of each currency rows are entered in (USD to it), or why Nium gave none: asked before any transaction opens. */
export type EntryRates = Map<string, { rate: string } | { error: AppError }>;

/** A row entered in another currency: what was typed (minor units of `currency`) and the rate its estimate uses. */
export type EntryAmount = { currency: string; earnings: number; rate: string };

type EntryRow = { recipient: string | null; recipient_role: string; earnings: number | null; amount_currency: string };

const providerError = (currency: string, error: unknown) =>
  error instanceof AppError
    ? error
    : error instanceof ProviderCallError && !error.retryable
      ? new AppError('conflict', `Nium cannot quote ${currency}`)
      : new AppError('provider_unavailable', payoutAbroadMessages.niumDown);

/**
 * A rate for each currency other than USD the rows are entered in (a rate-only quote at Nium, with
 * no transaction open). A refusal is kept, not thrown: a currency the payee is not paid in is
 * refused first, by the check in the transaction (entryAmounts), with the field's sentence.
 */
export async function entryRates(deps: AppDeps, orgId: string, currencies: string[]): Promise<EntryRates> {
  const rates: EntryRates = new Map();
  const asked = [...new Set(currencies.filter((currency) => currency !== 'USD' && isCurrencyCode(currency)))];
  if (asked.length === 0) return rates;
  const nium = niumProvider(deps);
  for (const currency of asked) {
    try {
      const quote = await nium.quote({ org_id: orgId, source_currency: 'USD', destination_currency: currency });
      rates.set(currency, { rate: quote.rate });
    } catch (error) {
      rates.set(currency, { error: providerError(currency, error) });
    }
  }
  return rates;
}

const rowError = (index: number, message: string) =>
  new AppError('validation_error', message, { field: 'amount_currency', details: { rows: [{ index, message }] } });

/** The currency each creator abroad is paid in (selected Nium, with details on file). */
async function payeeCurrencies(db: DbOrTx, orgId: string, creatorIds: string[]): Promise<Map<string, string>> {
  if (creatorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: creators.id, method: creators.selected_payment_method, currency: payeesAbroad.currency })
    .from(creators)
    .innerJoin(payeesAbroad, and(eq(payeesAbroad.org_id, creators.org_id), eq(payeesAbroad.payee_id, creators.id)))
    .where(and(eq(creators.org_id, orgId), inArray(creators.id, [...new Set(creatorIds)])));
  return new Map(rows.filter((row) => row.method === 'nium').map((row) => [row.id, row.currency]));
}

/** A row's currency and amount refused: the sentence, and the field it is about (the upload names its column by it). */
export type EntryProblem = { index: number; field: 'amount_currency' | 'earnings'; message: string };

const toAppError = (problem: EntryProblem) =>
  problem.field === 'amount_currency'
    ? rowError(problem.index, problem.message)
    : new AppError('validation_error', problem.message, {
        field: 'earnings',
        details: { rows: [{ index: problem.index, message: problem.message }] },
      });

/**
 * Why each draft entered in its payee's currency cannot be sent as entered: its payee is no longer
 * paid in that currency (they chose a US bank, PayPal or Venmo, or another country since), whose
 * dollars were the quote's estimate, not an amount anyone agreed to pay; or its payee owes backup
 * withholding (no W-9 or W-8 on file, the organisation's setting on), which keeps back 24% of the
 * dollars while the entry fixes what the payee receives. It stays a draft until edited. One of
 * the waits of execution-waits.ts.
 */
export async function currencyWaitReasons(db: DbOrTx, orgId: string, rows: Payment[]): Promise<Map<string, string[]>> {
  const entered = rows.filter((row) => row.currency_amount !== null && row.amount_currency !== 'USD');
  if (entered.length === 0) return new Map();
  const payees = entered.map((row) => row.recipient);
  // One after the other: inside the execution's transaction, one connection answers both.
  const paidIn = await payeeCurrencies(db, orgId, payees);
  const owing = await payeesOwingBackupWithholding(db, orgId, payees);
  const reasons = new Map<string, string[]>();
  for (const row of entered) {
    if (paidIn.get(row.recipient) !== row.amount_currency) reasons.set(row.id, [payoutAbroadMessages.noLongerPaidIn(row.amount_currency)]);
    else if (owing.has(row.recipient)) reasons.set(row.id, [payoutAbroadMessages.backupWithheldInUsd(row.amount_currency)]);
  }
  return reasons;
}

/**
 * Each row's currency checked (USD, or its payee's currency abroad: anything else is refused with
 * a sentence naming the field) and, for rows in another currency, what was entered and the rate;
 * a refused row answers its problem. Nium's missing rate is no row's fault: it is thrown.
 */
export async function checkEntryAmounts(
  db: DbOrTx,
  orgId: string,
  rows: EntryRow[],
  rates: EntryRates,
): Promise<(EntryAmount | EntryProblem | null)[]> {
  if (rows.every((row) => row.amount_currency === 'USD')) return rows.map(() => null);
  const abroad = await payeeCurrencies(
    db,
    orgId,
    rows.flatMap((row) => (row.recipient && row.recipient_role === 'creator' && row.amount_currency !== 'USD' ? [row.recipient] : [])),
  );
  return rows.map((row, index) => {
    if (row.amount_currency === 'USD') return null;
    const payeeCurrency = row.recipient && row.recipient_role === 'creator' ? (abroad.get(row.recipient) ?? null) : null;
    if (payeeCurrency !== row.amount_currency)
      return { index, field: 'amount_currency' as const, message: payoutAbroadMessages.amountCurrency(payeeCurrency) };
    const rate = rates.get(row.amount_currency);
    if (!rate) throw new AppError('provider_unavailable', payoutAbroadMessages.niumDown);
    if ('error' in rate) throw rate.error;
    const entry = { currency: row.amount_currency, earnings: row.earnings ?? 0, rate: rate.rate };
    if (usdOf(entry, entry.earnings) > MAX_AMOUNT_CENTS)
      return {
        index,
        field: 'earnings' as const,
        message: payoutAbroadMessages.amountTooLarge(entry.currency, formatCents(MAX_AMOUNT_CENTS)),
      };
    return entry;
  });
}

export const isEntryProblem = (value: EntryAmount | EntryProblem | null): value is EntryProblem => value !== null && 'message' in value;

/**
 * checkEntryAmounts for a request that is refused whole (POST and PUT /v1/payments): the first
 * problem, in row order, is the answer; the payment math then runs on their USD estimate (`usdEarnings`).
 */
export async function entryAmounts(db: DbOrTx, orgId: string, rows: EntryRow[], rates: EntryRates): Promise<(EntryAmount | null)[]> {
  const checked = await checkEntryAmounts(db, orgId, rows, rates);
  const problem = checked.find(isEntryProblem);
  if (problem) throw toAppError(problem);
  return checked as (EntryAmount | null)[];
}

/** The US cents that buy `amount` of the entry's currency at its rate (rounded up, as Nium prices a fixed destination). */
const usdOf = (entry: EntryAmount, amount: number) => sourceForMinor(amount, { from: 'USD', to: entry.currency, rate: entry.rate });

/** A row's earnings for the payment math: the USD estimate of what was entered in another currency. */
export const usdEarnings = (entry: EntryAmount | null, earnings: number | null) =>
  entry && earnings !== null ? usdOf(entry, earnings) : earnings;

/**
 * After the math: the creator payment of a row entered in another currency carries its currency
 * and what its payee receives (their split of what was entered), its USD amount the estimate of
 * that. Tax withheld would make the payee receive less than entered: such a row is refused
 * (answered, its payment left as computed) and must be entered in USD.
 */
export function applyEntryCurrencies(result: ComputedPayments, entries: (EntryAmount | null)[]): EntryProblem[] {
  const problems: EntryProblem[] = [];
  result.rows.forEach((row, index) => {
    const entry = entries[index];
    const own: EnteredPayment | undefined = row.payments[0];
    if (!entry || !own) return;
    if (own.state_withholdings + own.federal_withholdings > 0) {
      problems.push({ index, field: 'amount_currency', message: payoutAbroadMessages.amountCurrencyShares });
      return;
    }
    const received = grossAmount(entry.earnings, own.split);
    Object.assign(own, { amount_currency: entry.currency, currency_amount: received, amount: usdOf(entry, received) });
  });
  return problems;
}

/** applyEntryCurrencies for a request refused whole: the first problem is the answer. */
export function withEntryCurrencies(result: ComputedPayments, entries: (EntryAmount | null)[]): void {
  const [problem] = applyEntryCurrencies(result, entries);
  if (problem) throw toAppError(problem);
}
