import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  agentManagerRecipientProfile,
  computePayments,
  creatorRecipientProfile,
  paymentMessages,
  type ComputedPayments,
  type CreatePaymentsBody,
  type PaymentRecord,
  type PaymentRowInput,
  type RecipientProfile,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orgs, payments, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { assertCampaignOfOrg } from '../campaigns/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findFeeRule } from '../fees/index.ts';
import { loadCampaignSplits, loadRecipients } from './recipients.ts';
import { toPaymentRecords } from './records.ts';
import { entryAmounts, usdEarnings, withEntryCurrencies, type EnteredPayment, type EntryRates } from './fx-amounts.ts';

/**
 * Gross executed this calendar year to each W-2 creator (the federal threshold's running total):
 * payments initiated since January 1st of the sandbox clock's year, so advancing the clock into
 * a new year starts a new total.
 */
async function paidThisYear(tx: DbOrTx, orgId: string, creatorIds: string[]): Promise<Map<string, number>> {
  if (creatorIds.length === 0) return new Map();
  const now = await sandboxNow(tx);
  const rows = await tx
    .select({ recipient: payments.recipient, total: sql<string>`COALESCE(SUM(ROUND(${payments.earnings} * ${payments.split} / 100)), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        eq(payments.recipient_role, 'creator'),
        inArray(payments.recipient, creatorIds),
        eq(payments.is_deleted, false),
        inArray(payments.status, ['requires_info', 'processing', 'succeeded']),
        sql`${payments.date_initiated} >= date_trunc('year', ${now}::timestamptz)`,
      ),
    )
    .groupBy(payments.recipient);
  return new Map(rows.map((row) => [row.recipient, Number(row.total)]));
}

/** Runs the one payment math of packages/core with what the server knows: nothing of the client's amounts. */
export async function computeForOrg(deps: AppDeps, tx: DbOrTx, orgId: string, rows: PaymentRowInput[]): Promise<ComputedPayments> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw new AppError('not_found', 'Organization not found');
  const found = await loadRecipients(tx, orgId, rows.map((row) => row.recipient ?? '').filter(Boolean));
  const recipients = new Map<string, RecipientProfile>();
  for (const row of found.creators.values()) recipients.set(row.id, creatorRecipientProfile(row));
  for (const row of found.users.values()) {
    const wanted = rows.find((input) => input.recipient === row.id)?.recipient_role;
    const role =
      wanted === 'manager' && row.is_manager
        ? 'manager'
        : wanted === 'agent' && row.is_agent
          ? 'agent'
          : row.is_agent
            ? 'agent'
            : 'manager';
    recipients.set(row.id, agentManagerRecipientProfile(row.id, role));
  }
  const w2 = [...found.creators.values()].filter((row) => row.is_w2).map((row) => row.id);
  return computePayments(rows, {
    recipients,
    campaign_splits: await loadCampaignSplits(tx, orgId, rows),
    agent_split_source: org.agent_split_source,
    manager_split_source: org.manager_split_source,
    fee_rule: await findFeeRule(tx, orgId, 'outbound_payment'),
    limits: deps.config.paymentLimits,
    paid_before: await paidThisYear(tx, orgId, w2),
  });
}

export function throwRowErrors(result: ComputedPayments): void {
  if (!result.error) return;
  const rows = result.rows.flatMap((row, index) => (row.error ? [{ index, message: row.error }] : []));
  throw new AppError('validation_error', result.error, { details: { rows } });
}

/** The rows to insert: each row's agent and manager shares point to its creator payment. */
export function toDraftValues(orgId: string, result: ComputedPayments) {
  return result.rows.flatMap((row) => {
    const parentId = newId();
    return row.payments.map((payment: EnteredPayment, index) => ({
      ...payment,
      amount_currency: payment.amount_currency ?? 'USD',
      currency_amount: payment.currency_amount ?? null,
      id: index === 0 ? parentId : newId(),
      org_id: orgId,
      status: 'draft' as const,
      parent_payment_id: index === 0 ? null : parentId,
    }));
  });
}

/**
 * POST /v1/payments: every row is checked and recomputed, then all are saved as drafts, or none.
 * A row entered in its payee's currency (rates: asked of Nium before this transaction) is computed
 * on its USD estimate and keeps what its payee receives (fx-amounts.ts).
 */
export async function createPayments(
  deps: AppDeps,
  tx: Tx,
  orgId: string,
  body: CreatePaymentsBody,
  rates: EntryRates = new Map(),
): Promise<PaymentRecord[]> {
  const [org] = await tx.select({ treasury_id: orgs.treasury_id }).from(orgs).where(eq(orgs.id, orgId));
  if (!org?.treasury_id) throw new AppError('forbidden', paymentMessages.noTreasury);
  // A made-up or another organisation's campaign would let an inactive creator be paid: refuse it first.
  for (const groupId of new Set(body.flatMap((row) => (row.payment_group_id ? [row.payment_group_id] : []))))
    await assertCampaignOfOrg(tx, { org_id: orgId, id: groupId });
  const entries = await entryAmounts(tx, orgId, body, rates);
  const result = await computeForOrg(
    deps,
    tx,
    orgId,
    body.map((row, index) => ({ ...row, earnings: usdEarnings(entries[index] ?? null, row.earnings), memo: row.memo.trim() })),
  );
  throwRowErrors(result);
  withEntryCurrencies(result, entries);
  const values = toDraftValues(orgId, result);
  const inserted: Payment[] = [];
  for (let start = 0; start < values.length; start += 1000)
    inserted.push(
      ...(await tx
        .insert(payments)
        .values(values.slice(start, start + 1000))
        .returning()),
    );
  return toPaymentRecords(tx, orgId, inserted);
}
