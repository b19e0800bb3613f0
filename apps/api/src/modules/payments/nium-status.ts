import { and, desc, eq } from 'drizzle-orm';
import type { PayoutAbroadStatus, RfiAnswerBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creators, niumPayouts, payments, type NiumPayoutRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { niumProvider } from '../nium/index.ts';

const notFound = () => new AppError('not_found', 'Payment not found');

const viewOf = (row: NiumPayoutRow): PayoutAbroadStatus => ({
  payment_id: row.payment_id,
  transfer_id: row.transfer_id,
  status: row.status,
  source_currency: row.source_currency,
  source_amount: row.source_amount,
  destination_currency: row.destination_currency,
  destination_amount: row.destination_amount,
  rate: row.rate,
  estimated_arrival: row.estimated_arrival?.toISOString() ?? null,
  rfis: row.rfis,
});

async function payoutRow(db: DbOrTx, orgId: string, paymentId: string): Promise<NiumPayoutRow> {
  const [row] = await db
    .select()
    .from(niumPayouts)
    .where(and(eq(niumPayouts.org_id, orgId), eq(niumPayouts.payment_id, paymentId)));
  if (!row) throw notFound();
  return row;
}

/**
 * GET /v1/payments/:id/abroad: where a payment abroad is. While Nium holds it on an RFI, the
 * questions are read from Nium (no transaction open) and kept, so the owner and the payee see them.
 */
export async function abroadStatus(deps: AppDeps, orgId: string, paymentId: string): Promise<PayoutAbroadStatus> {
  return viewOf(await withQuestions(deps, await payoutRow(deps.db, orgId, paymentId)));
}

/** A payout held on an RFI with Nium's questions read (kept on the row); any other as it is. */
async function withQuestions(deps: AppDeps, row: NiumPayoutRow): Promise<NiumPayoutRow> {
  if (row.status !== 'rfi_requested' || !row.transfer_id) return row;
  const state = await niumProvider(deps)
    .getRemittance({ org_id: row.org_id, transfer_id: row.transfer_id })
    .catch(() => null);
  if (!state) return row;
  const [updated] = await deps.db
    .update(niumPayouts)
    .set({ rfis: state.rfis })
    .where(and(eq(niumPayouts.org_id, row.org_id), eq(niumPayouts.payment_id, row.payment_id)))
    .returning();
  return updated ?? row;
}

/** POST /v1/payments/:id/rfi (owner or admin) and the portal's (the payee): the answer sent to Nium, the RFI's new state kept. */
export async function answerRfi(deps: AppDeps, orgId: string, paymentId: string, body: RfiAnswerBody): Promise<PayoutAbroadStatus> {
  const row = await payoutRow(deps.db, orgId, paymentId);
  if (!row.transfer_id || row.status !== 'rfi_requested')
    throw new AppError('conflict', 'Nium is not asking anything about this payment', { field: 'rfi_id' });
  const state = await niumProvider(deps)
    .respondRfi({ org_id: orgId, transfer_id: row.transfer_id, answers: [{ rfi_id: body.rfi_id, info: body.info }] })
    .catch((error: unknown) => {
      if (error instanceof ProviderCallError && !error.retryable)
        throw new AppError('conflict', 'Nium is not asking this any more: reload the payment', { field: 'rfi_id' });
      throw new AppError('provider_unavailable', 'Nium did not answer: try again in a minute');
    });
  const [updated] = await deps.db
    .update(niumPayouts)
    .set({ rfis: state.rfis, status: state.status === 'rfi_requested' ? 'rfi_responded' : state.status })
    .where(and(eq(niumPayouts.payment_id, paymentId), eq(niumPayouts.status, 'rfi_requested')))
    .returning();
  return viewOf(updated ?? (await payoutRow(deps.db, orgId, paymentId)));
}

/** The organisation of a payment abroad made to one of the signed-in payee's creator records, or not found. */
export async function payeeOrgOfPayment(db: DbOrTx, userId: string, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ org_id: payments.org_id })
    .from(payments)
    .innerJoin(creators, and(eq(creators.id, payments.recipient), eq(creators.org_id, payments.org_id)))
    .where(and(eq(payments.id, paymentId), eq(creators.user_id, userId)));
  if (!row) throw notFound();
  return row.org_id;
}

/**
 * The signed-in payee's payments abroad, newest first (the portal's statuses and RFIs with Nium's
 * questions); while an
 * owner or admin acts as the payee (onlyOrgId), that organisation's only, as the portal's scope.
 */
export async function payeeAbroadPayouts(deps: AppDeps, userId: string, onlyOrgId: string | null): Promise<PayoutAbroadStatus[]> {
  const rows = await deps.db
    .select({ payout: niumPayouts })
    .from(niumPayouts)
    .innerJoin(payments, eq(payments.id, niumPayouts.payment_id))
    .innerJoin(creators, and(eq(creators.id, payments.recipient), eq(creators.org_id, payments.org_id)))
    .where(and(eq(creators.user_id, userId), onlyOrgId ? eq(niumPayouts.org_id, onlyOrgId) : undefined))
    .orderBy(desc(niumPayouts.created_at))
    .limit(200);
  // Nium's questions are read for the ones it holds (no transaction open), so the payee sees what to answer.
  const payouts: PayoutAbroadStatus[] = [];
  for (const row of rows) payouts.push(viewOf(await withQuestions(deps, row.payout)));
  return payouts;
}
