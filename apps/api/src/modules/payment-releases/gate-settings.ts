import { and, eq } from 'drizzle-orm';
import { paymentGateMessages, type PaymentGateAnswer, type PaymentGateBody } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { deliverables, paymentGates, payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { assertNotDecidedByOther, gateReasons } from '../payments/index.ts';

async function paymentOf(db: DbOrTx, orgId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, id), eq(payments.is_deleted, false)));
  const [payment] = lock ? await query.for('update') : await query;
  if (!payment) throw new AppError('not_found', 'Payment not found');
  return payment;
}

/** GET /v1/payments/{id}/gate: what the organisation's payment waits for, and why it waits now. */
export async function gateOf(db: DbOrTx, orgId: string, paymentId: string): Promise<PaymentGateAnswer> {
  const payment = await paymentOf(db, orgId, paymentId);
  const [gate] = await db
    .select({ gate: paymentGates, description: deliverables.description })
    .from(paymentGates)
    .leftJoin(deliverables, eq(deliverables.id, paymentGates.deliverable_id))
    .where(and(eq(paymentGates.org_id, orgId), eq(paymentGates.payment_id, paymentId)));
  const reasons = await gateReasons(db, orgId, [payment]);
  return {
    payment_id: paymentId,
    requires_contract: gate?.gate.requires_contract ?? false,
    deliverable_id: gate?.gate.deliverable_id ?? null,
    deliverable_description: gate?.description ?? null,
    execute_on_release: gate?.gate.execute_on_release ?? false,
    reasons: reasons.get(paymentId) ?? [],
  };
}

/** The deliverable must be one of the payment's campaign's (another organisation's is not found). */
async function assertCampaignDeliverable(tx: Tx, orgId: string, campaignId: string, deliverableId: string): Promise<void> {
  const [row] = await tx
    .select({ campaign_id: deliverables.campaign_id })
    .from(deliverables)
    .where(and(eq(deliverables.org_id, orgId), eq(deliverables.id, deliverableId)));
  if (row?.campaign_id !== campaignId) throw new AppError('not_found', paymentGateMessages.deliverable, { field: 'deliverable_id' });
}

/**
 * PUT /v1/payments/{id}/gate: a campaign's draft payment waits for the creator's contract and/or
 * a deliverable of the campaign (nothing asked: it waits for nothing). The payment is locked so an
 * execution running at the same time sees the gate before or after, never half of it.
 */
export async function setGate(
  tx: Tx,
  orgId: string,
  paymentId: string,
  body: PaymentGateBody,
  editorId: string,
): Promise<PaymentGateAnswer> {
  const payment = await paymentOf(tx, orgId, paymentId, true);
  if (payment.status !== 'draft') throw new AppError('conflict', paymentGateMessages.notDraft);
  // What it waits for is part of the decision to pay it: frozen when another team member made it.
  await assertNotDecidedByOther(tx, payment, editorId);
  const waits = body.requires_contract || body.deliverable_id !== null;
  if (!waits) {
    await tx.delete(paymentGates).where(and(eq(paymentGates.org_id, orgId), eq(paymentGates.payment_id, paymentId)));
    return gateOf(tx, orgId, paymentId);
  }
  if (!payment.payment_group_id) throw new AppError('validation_error', paymentGateMessages.noCampaign, { field: 'requires_contract' });
  if (body.deliverable_id) await assertCampaignDeliverable(tx, orgId, payment.payment_group_id, body.deliverable_id);
  const values = { requires_contract: body.requires_contract, deliverable_id: body.deliverable_id };
  await tx
    .insert(paymentGates)
    .values({ payment_id: paymentId, org_id: orgId, ...values })
    .onConflictDoUpdate({ target: paymentGates.payment_id, set: values });
  return gateOf(tx, orgId, paymentId);
}
