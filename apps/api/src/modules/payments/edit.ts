import { and, eq, inArray, or } from 'drizzle-orm';
import { paymentMessages, type PaymentRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { auditLog, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { computeForOrg, throwRowErrors, toDraftValues } from './create.ts';
import { toPaymentRecords } from './records.ts';
import { recordAudit } from '../audit/index.ts';
import { assertNotDecidedByOther } from './decided-drafts.ts';
import { returnWithheldTax } from './withheld-tax.ts';
import { entryAmounts, usdEarnings, withEntryCurrencies, type EntryRates } from './fx-amounts.ts';

/** The audit action of an amount edit: Settings > Approvals counts its editor among the payment's makers. */
const AMOUNT_EDIT = 'payments.amount_edit';

type UpdateBody = { id: string; earnings: number | null; split: number | null; memo: string; amount_currency?: string };
/** Who edits: the user (acted as) and the real person (the actor), for the audit. */
type Editor = { id: string; actor_id: string };

/**
 * PUT /v1/payments: a draft's earnings, split and memo. The amounts are recomputed; a creator
 * payment's agent and manager shares are recomputed with it (replaced by new drafts). A draft
 * another team member decided to pay is frozen (decided-drafts.ts); a changed amount is audited,
 * old and new, in this transaction: its editor is one of its makers and never approves it.
 */
export async function updatePayment(
  deps: AppDeps,
  tx: Tx,
  orgId: string,
  body: UpdateBody,
  editor: Editor,
  rates: EntryRates = new Map(),
): Promise<PaymentRecord> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, body.id), eq(payments.is_deleted, false)))
    .for('update');
  if (!row) throw new AppError('not_found', 'Payment not found');
  if (row.status !== 'draft') throw new AppError('conflict', paymentMessages.notEditable);
  if (row.parent_payment_id) throw new AppError('conflict', "Agent and manager payments follow their creator's payment: edit that one");
  await assertNotDecidedByOther(tx, row, editor.id);
  const amountCurrency = body.amount_currency ?? row.amount_currency;
  const [entry = null] = await entryAmounts(
    tx,
    orgId,
    [{ recipient: row.recipient, recipient_role: row.recipient_role, earnings: body.earnings, amount_currency: amountCurrency }],
    rates,
  );
  const input = {
    recipient: row.recipient,
    recipient_role: row.recipient_role,
    earnings: usdEarnings(entry, body.earnings),
    split: body.split,
    memo: body.memo.trim(),
    payment_group_id: row.payment_group_id,
  };
  const result = await computeForOrg(deps, tx, orgId, [input]);
  throwRowErrors(result);
  withEntryCurrencies(result, [entry]);
  const [own, ...shares] = toDraftValues(orgId, result);
  const [updated] = await tx
    .update(payments)
    .set({
      earnings: own!.earnings,
      split: own!.split,
      memo: own!.memo,
      amount: own!.amount,
      amount_currency: own!.amount_currency ?? 'USD',
      currency_amount: own!.currency_amount ?? null,
      fee: own!.fee,
      state_withholdings: own!.state_withholdings,
      federal_withholdings: own!.federal_withholdings,
    })
    .where(eq(payments.id, row.id))
    .returning();
  await tx
    .update(payments)
    .set({ is_deleted: true })
    .where(
      and(eq(payments.org_id, orgId), eq(payments.parent_payment_id, row.id), eq(payments.status, 'draft'), eq(payments.is_deleted, false)),
    );
  if (shares.length > 0) await tx.insert(payments).values(shares.map((share) => ({ ...share, parent_payment_id: row.id })));
  if (
    updated!.amount !== row.amount ||
    updated!.earnings !== row.earnings ||
    updated!.currency_amount !== row.currency_amount ||
    updated!.amount_currency !== row.amount_currency
  )
    await recordAudit(tx, {
      org_id: orgId,
      actor_user_id: editor.actor_id,
      user_id: editor.id,
      action: AMOUNT_EDIT,
      target_id: row.id,
      target_type: 'payment',
      amount: updated!.amount,
      status_code: 200,
      details: {
        old_amount: row.amount,
        new_amount: updated!.amount,
        old_earnings: row.earnings,
        new_earnings: updated!.earnings,
        ...(updated!.amount_currency !== 'USD' || row.amount_currency !== 'USD'
          ? {
              old_currency: row.amount_currency,
              old_currency_amount: row.currency_amount,
              new_currency: updated!.amount_currency,
              new_currency_amount: updated!.currency_amount,
            }
          : {}),
      },
    });
  const [record] = await toPaymentRecords(tx, orgId, [updated!]);
  return record!;
}

/**
 * DELETE /v1/payments: drafts and payments awaiting input are deleted (is_deleted), with a draft
 * creator payment's draft shares. Awaiting input payments had their funds held: they come back.
 */
export async function deletePayments(
  tx: Tx,
  orgId: string,
  ids: string[],
  release: (rows: { id: string; amount: number; fee: number }[]) => Promise<void>,
): Promise<number> {
  const rows = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        eq(payments.is_deleted, false),
        or(inArray(payments.id, ids), inArray(payments.parent_payment_id, ids)),
      ),
    )
    .orderBy(payments.id)
    .for('update');
  const asked = rows.filter((row) => ids.includes(row.id));
  if (asked.length !== new Set(ids).size) throw new AppError('not_found', 'Payment not found');
  if (asked.some((row) => row.status !== 'draft' && row.status !== 'requires_info'))
    throw new AppError('conflict', paymentMessages.notDeletable);
  const deletable = rows.filter((row) => row.status === 'draft' || (row.status === 'requires_info' && ids.includes(row.id)));
  await tx
    .update(payments)
    .set({ is_deleted: true, status: 'canceled' })
    .where(
      inArray(
        payments.id,
        deletable.map((row) => row.id),
      ),
    );
  const executed = deletable.filter((row) => row.status === 'requires_info');
  await release(executed);
  // Deleted before they were sent: the tax withheld from them at execution goes back too.
  await returnWithheldTax(
    tx,
    orgId,
    executed.map((row) => row.id),
  );
  return asked.length;
}

/** Those of these payments whose amount the person changed while they were drafts (their audited amount edits). */
export async function amountEditedBy(db: DbOrTx, person: { id: string; org_id: string }, paymentIds: string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const edits = await db
    .select({ id: auditLog.target_id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.org_id, person.org_id),
        eq(auditLog.action, AMOUNT_EDIT),
        inArray(auditLog.target_id, paymentIds),
        or(eq(auditLog.user_id, person.id), eq(auditLog.actor_user_id, person.id)),
      ),
    );
  return new Set(edits.flatMap((row) => (row.id ? [row.id] : [])));
}

/** The currency a payment was entered in (USD when there is no such payment: the edit then answers 404 in its transaction). */
export async function enteredCurrencyOf(db: DbOrTx, orgId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ amount_currency: payments.amount_currency })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, id)));
  return row?.amount_currency ?? 'USD';
}
