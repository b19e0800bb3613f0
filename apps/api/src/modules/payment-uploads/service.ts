import { eq } from 'drizzle-orm';
import {
  CORRIDORS,
  paymentMessages,
  paymentRowMessages,
  paymentUploadMessages,
  type ComputedRow,
  type PaymentUploadAnswer,
  type PaymentUploadError,
  type PaymentUploadPreview,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { insertMany } from '../../db/insert-many.ts';
import { orgs, payments } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { runIdempotent } from '../../plugins/idempotency.ts';
import {
  applyEntryCurrencies,
  checkEntryAmounts,
  computeForOrg,
  entryRates,
  isEntryProblem,
  toDraftValues,
  usdEarnings,
  type EntryAmount,
  type EntryProblem,
  type EntryRates,
} from '../payments/index.ts';
import { createSchedules, dayOf } from '../payment-schedules/index.ts';
import { findUploadLookups } from './upload-lookups.ts';
import { columnOfMathError, readUploadRow, type ReadRow, type UploadCsvRow } from './upload-rows.ts';

/** The currencies a payee abroad is paid in: only these can be a row's other currency, so only their rates are asked. */
const PAYEE_CURRENCIES = new Set(Object.values(CORRIDORS).map((corridor) => corridor.currency));

/** Rows written per statement: 10,000 rows' payments (and their agents' shares) in a handful of round trips. */
const INSERT_CHUNK = 2_500;

export type UploadOptions = {
  org_id: string;
  user_id: string;
  rows: UploadCsvRow[];
  /** Why the caller may not schedule (a role, an API key, acting as someone), or null: rows with an execute date are refused with it. */
  scheduleRefusal: string | null;
};

type CheckedRow = { read: ReadRow; computed: ComputedRow };

/** The same refusal as New Payment: no treasury, no payments. */
async function assertTreasury(db: DbOrTx, orgId: string): Promise<void> {
  const [org] = await db.select({ treasury_id: orgs.treasury_id }).from(orgs).where(eq(orgs.id, orgId));
  if (!org?.treasury_id) throw new AppError('forbidden', paymentMessages.noTreasury);
}

/**
 * The rate of each payee currency the file's currency column names, asked of Nium before any
 * transaction opens (as POST /v1/payments asks it): a row's estimate in USD is computed on it.
 */
async function uploadRates(deps: AppDeps, options: UploadOptions): Promise<EntryRates> {
  const named = options.rows.map((row) => (row.values.currency ?? '').trim().toUpperCase());
  return entryRates(
    deps,
    options.org_id,
    named.filter((currency) => PAYEE_CURRENCIES.has(currency)),
  );
}

/** The column a refused currency or amount is about: the currency, or the amount (or earnings) it was given in. */
const columnOfEntryProblem = (problem: EntryProblem, read: ReadRow) =>
  problem.field === 'amount_currency' ? 'currency' : read.amountColumn;

/**
 * The rows whose currency is USD or their payee's (fx-amounts.ts, the New Payment form's check),
 * each with what was entered and its rate when in another currency; the others answer their sentence.
 */
async function priceRows(db: DbOrTx, orgId: string, reads: ReadRow[], rates: EntryRates, errors: PaymentUploadError[]) {
  const entries = await checkEntryAmounts(
    db,
    orgId,
    reads.map((read) => ({ ...read.input, amount_currency: read.amount_currency })),
    rates,
  );
  const priced: { read: ReadRow; entry: EntryAmount | null }[] = [];
  entries.forEach((entry, index) => {
    const read = reads[index]!;
    if (isEntryProblem(entry)) errors.push({ row: read.line, column: columnOfEntryProblem(entry, read), message: entry.message });
    else priced.push({ read, entry });
  });
  return priced;
}

/**
 * Every row of the file checked as New Payment checks its rows: the cells (the form's schema), the
 * currency (USD or the payee's), then the payment math on the server's own figures (computeForOrg),
 * a row in another currency on its USD estimate. Set-based: the recipients and campaigns of the
 * whole file in one read each, the math over all rows at once.
 */
async function checkRows(
  deps: AppDeps,
  db: DbOrTx,
  options: UploadOptions,
  rates: EntryRates,
): Promise<{ errors: PaymentUploadError[]; ok: CheckedRow[] }> {
  const lookups = await findUploadLookups(db, options.org_id, options.rows);
  const context = { lookups, today: dayOf(await sandboxNow(db)), scheduleRefusal: options.scheduleRefusal };
  const errors: PaymentUploadError[] = [];
  const reads: ReadRow[] = [];
  for (const row of options.rows) {
    const checked = readUploadRow(row, context);
    errors.push(...checked.errors);
    if (checked.read) reads.push(checked.read);
  }
  const priced = await priceRows(db, options.org_id, reads, rates, errors);
  const ok: CheckedRow[] = [];
  if (priced.length > 0) {
    const result = await computeForOrg(
      deps,
      db,
      options.org_id,
      priced.map(({ read, entry }) => ({ ...read.input, earnings: usdEarnings(entry, read.input.earnings) })),
    );
    const refused = new Map(
      applyEntryCurrencies(
        result,
        priced.map((row) => row.entry),
      ).map((problem) => [problem.index, problem]),
    );
    result.rows.forEach((computed, index) => {
      const { read } = priced[index]!;
      const problem = refused.get(index);
      if (computed.error)
        errors.push({ row: read.line, column: columnOfMathError(computed.error, read.amountColumn), message: computed.error });
      else if (problem) errors.push({ row: read.line, column: columnOfEntryProblem(problem, read), message: problem.message });
      else ok.push({ read, computed });
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { errors, ok };
}

/** POST /v1/payments/upload/preview: the file's totals and row errors; nothing is written. */
export async function previewPaymentUpload(deps: AppDeps, options: UploadOptions): Promise<PaymentUploadPreview> {
  await assertTreasury(deps.db, options.org_id);
  const { errors, ok } = await checkRows(deps, deps.db, options, await uploadRates(deps, options));
  return {
    total: options.rows.length,
    valid: ok.length,
    // Rows in another currency count as their USD estimate (what their created payment shows): the total says it is one.
    amount: ok.reduce((sum, row) => sum + row.computed.payments.reduce((rowSum, payment) => rowSum + payment.amount, 0), 0),
    estimated: ok.some((row) => row.read.amount_currency !== 'USD'),
    scheduled: ok.filter((row) => row.read.execute_on).length,
    errors,
  };
}

/** Each dated row's own payment (not its agent's or manager's share) executes on its day, as "Execute on" does. */
async function scheduleRows(tx: Tx, options: UploadOptions, dated: { id: string; execute_on: string }[]): Promise<void> {
  const byDay = new Map<string, string[]>();
  for (const row of dated) byDay.set(row.execute_on, [...(byDay.get(row.execute_on) ?? []), row.id]);
  for (const [execute_on, ids] of byDay) await createSchedules(tx, options.org_id, options.user_id, { ids, execute_on, frequency: 'once' });
}

/** Writes the drafts of rows checked in this transaction, and their schedules. */
async function writeDrafts(tx: Tx, options: UploadOptions, ok: CheckedRow[]): Promise<PaymentUploadAnswer> {
  const values = toDraftValues(options.org_id, { rows: ok.map((row) => row.computed), error: null, payments: [] }).map((value) => ({
    ...value,
    // Settings > Approvals: a payment's creator cannot approve it.
    created_by_user_id: options.user_id,
  }));
  for (let start = 0; start < values.length; start += INSERT_CHUNK)
    await insertMany(tx, payments, values.slice(start, start + INSERT_CHUNK));
  // toDraftValues gives each row its own payment first (no parent), then its shares: in the rows' order.
  const own = values.filter((value) => value.parent_payment_id === null);
  const dated = ok.flatMap((row, index) => (row.read.execute_on ? [{ id: own[index]!.id, execute_on: row.read.execute_on }] : []));
  await scheduleRows(tx, options, dated);
  return { message: paymentUploadMessages.created(ok.length), created: ok.length, payments: values.length, scheduled: dated.length };
}

/**
 * POST /v1/payments/upload: every row is checked again (in the transaction), then all become
 * drafts, or none (a file with any row error is refused with every error). Once per
 * Idempotency-Key: a retried or doubled commit waits for the first and answers its result.
 */
export async function commitPaymentUpload(
  deps: AppDeps,
  options: UploadOptions & { key: string | undefined },
): Promise<PaymentUploadAnswer> {
  const body = { rows: options.rows.map((row) => row.values) };
  // Asked before the transaction: no provider call inside one.
  const rates = await uploadRates(deps, options);
  const { result } = await runIdempotent(
    deps.db,
    { org_id: options.org_id, scope: 'payments.upload', key: options.key, body },
    async (tx) => {
      await assertTreasury(tx, options.org_id);
      const { errors, ok } = await checkRows(deps, tx, options, rates);
      if (errors.length > 0) throw new AppError('validation_error', paymentRowMessages.rowIssues, { details: { row_errors: errors } });
      return writeDrafts(tx, options, ok);
    },
  );
  return result;
}
