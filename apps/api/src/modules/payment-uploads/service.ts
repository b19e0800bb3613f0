import { eq } from 'drizzle-orm';
import {
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
import { computeForOrg, toDraftValues } from '../payments/index.ts';
import { createSchedules, dayOf } from '../payment-schedules/index.ts';
import { findUploadLookups } from './upload-lookups.ts';
import { columnOfMathError, readUploadRow, type ReadRow, type UploadCsvRow } from './upload-rows.ts';

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
 * Every row of the file checked as New Payment checks its rows: the cells (the form's schema), then
 * the payment math on the server's own figures (computeForOrg). Set-based: the recipients and
 * campaigns of the whole file in one read each, the math over all rows at once.
 */
async function checkRows(deps: AppDeps, db: DbOrTx, options: UploadOptions): Promise<{ errors: PaymentUploadError[]; ok: CheckedRow[] }> {
  const lookups = await findUploadLookups(db, options.org_id, options.rows);
  const context = { lookups, today: dayOf(await sandboxNow(db)), scheduleRefusal: options.scheduleRefusal };
  const errors: PaymentUploadError[] = [];
  const reads: ReadRow[] = [];
  for (const row of options.rows) {
    const checked = readUploadRow(row, context);
    errors.push(...checked.errors);
    if (checked.read) reads.push(checked.read);
  }
  const ok: CheckedRow[] = [];
  if (reads.length > 0) {
    const result = await computeForOrg(
      deps,
      db,
      options.org_id,
      reads.map((read) => read.input),
    );
    result.rows.forEach((computed, index) => {
      const read = reads[index]!;
      if (computed.error)
        errors.push({ row: read.line, column: columnOfMathError(computed.error, read.amountColumn), message: computed.error });
      else ok.push({ read, computed });
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return { errors, ok };
}

/** POST /v1/payments/upload/preview: the file's totals and row errors; nothing is written. */
export async function previewPaymentUpload(deps: AppDeps, options: UploadOptions): Promise<PaymentUploadPreview> {
  await assertTreasury(deps.db, options.org_id);
  const { errors, ok } = await checkRows(deps, deps.db, options);
  return {
    total: options.rows.length,
    valid: ok.length,
    amount: ok.reduce((sum, row) => sum + row.computed.payments.reduce((rowSum, payment) => rowSum + payment.amount, 0), 0),
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
  const { result } = await runIdempotent(
    deps.db,
    { org_id: options.org_id, scope: 'payments.upload', key: options.key, body },
    async (tx) => {
      await assertTreasury(tx, options.org_id);
      const { errors, ok } = await checkRows(deps, tx, options);
      if (errors.length > 0) throw new AppError('validation_error', paymentRowMessages.rowIssues, { details: { row_errors: errors } });
      return writeDrafts(tx, options, ok);
    },
  );
  return result;
}
