import { and, eq, inArray, sql } from 'drizzle-orm';
import { invoiceMessages, refundMessages, type RefundBody, type RefundRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import {
  chargeDisputes,
  chargeRefunds,
  charges,
  invoices,
  type Charge,
  type ChargeRefund,
  type ProviderCall,
} from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { paymentsInProvider } from '../../providers/payments-in/index.ts';
import { findLedgerAccounts, holdFunds, releaseHold } from '../ledger/index.ts';
import { recordProviderCall, runProviderCallsSoon, withLookUp } from '../provider-calls/index.ts';
import { chargeAt } from './charge-at.ts';
import { unrefundedFee } from './fee-refunds.ts';

const REFUND = 'payments_in.refund';

type RefundCallRequest = {
  refund_id: string;
  charge_id: string;
  invoice_id: string;
  account: string | null;
  provider_charge_id: string;
  amount: number;
  fee_refund: number;
  reason: string | null;
};

export const toRefundRecord = (row: ChargeRefund): RefundRecord => ({
  id: row.id,
  amount: row.amount,
  fee_refund: row.fee_refund,
  reason: row.reason,
  status: row.status,
  failure_reason: row.failure_reason,
  created_at: row.created_at.toISOString(),
});

/** What is given back so far (refunds pending or done; failed ones gave nothing). */
async function refundedAmount(tx: Tx, chargeId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${chargeRefunds.amount}), 0)` })
    .from(chargeRefunds)
    .where(and(eq(chargeRefunds.charge_id, chargeId), inArray(chargeRefunds.status, ['pending', 'succeeded'])));
  return Number(row?.total ?? 0);
}

/** The invoice's paid charge, locked: refunds of one charge are decided one at a time. */
async function paidCharge(tx: Tx, orgId: string, invoiceId: string): Promise<Charge> {
  const [invoice] = await tx
    .select({ processor: invoices.processor })
    .from(invoices)
    .where(and(eq(invoices.org_id, orgId), eq(invoices.id, invoiceId)));
  if (!invoice) throw notFound('Invoice');
  if (invoice.processor !== 'stripe') throw new AppError('conflict', refundMessages.offline);
  const [charge] = await tx
    .select()
    .from(charges)
    .where(and(eq(charges.org_id, orgId), eq(charges.invoice_id, invoiceId), eq(charges.status, 'succeeded')))
    .for('update');
  if (!charge) throw new AppError('conflict', refundMessages.nothingToRefund);
  // Its money was converted to USD by Stripe: a refund's conversion back is not booked yet (docs/decisions.md).
  if (charge.currency !== 'usd') throw new AppError('conflict', invoiceMessages.foreignRefund);
  const [dispute] = await tx.select({ id: chargeDisputes.id }).from(chargeDisputes).where(eq(chargeDisputes.charge_id, charge.id));
  if (dispute) throw new AppError('conflict', refundMessages.disputed);
  return charge;
}

/**
 * Crewpay's fee share of a refund: in proportion to the amount, and all that is left of it when
 * the refund completes the payment's, so the shares add up to the fee exactly.
 */
function feeShare(charge: Charge, options: { amount: number; refundedBefore: number; feeLeft: number }): number {
  if (options.refundedBefore + options.amount === charge.amount) return options.feeLeft;
  return Math.min(options.feeLeft, Math.round((charge.fee * options.amount) / charge.amount));
}

/**
 * POST /v1/invoices/{id}/refunds (owners and admins): gives back part or all of the invoice's
 * payment. The wallet holds the money at once (available -> held, refused when it cannot), the
 * refund is recorded pending with its provider call, and the provider's answer settles it
 * (refund.succeeded posts, refund.failed gives the hold back).
 */
export async function requestRefund(
  deps: AppDeps,
  ctx: { tx: Tx; afterCommit: (task: () => Promise<void>) => void },
  options: { org_id: string; user_id: string; invoice_id: string; body: RefundBody; provider: string },
): Promise<RefundRecord> {
  const { tx } = ctx;
  const charge = await paidCharge(tx, options.org_id, options.invoice_id);
  const refundedBefore = await refundedAmount(tx, charge.id);
  const left = charge.amount - refundedBefore;
  if (options.body.amount > left) throw new AppError('validation_error', refundMessages.tooMuch(left), { field: 'amount' });
  const fee_refund = feeShare(charge, { amount: options.body.amount, refundedBefore, feeLeft: await unrefundedFee(tx, charge) });
  const accounts = await findLedgerAccounts(tx, options.org_id);
  const fromWallet = options.body.amount - fee_refund;
  if (accounts.wallet_available.balance < fromWallet) throw new AppError('insufficient_funds', refundMessages.wallet);
  const [refund] = await tx
    .insert(chargeRefunds)
    .values({
      id: newId(),
      org_id: options.org_id,
      charge_id: charge.id,
      invoice_id: charge.invoice_id,
      amount: options.body.amount,
      fee_refund,
      reason: options.body.reason ?? null,
      requested_by: options.user_id,
      created_at: await sandboxNow(tx),
    })
    .returning();
  const metadata = { invoice_id: charge.invoice_id, charge_id: charge.id, refund_id: refund!.id };
  if (fromWallet > 0)
    await holdFunds(tx, accounts, { org_id: options.org_id, key: `refund:${refund!.id}:hold`, amount: fromWallet, metadata });
  const request: RefundCallRequest = {
    ...metadata,
    account: charge.provider_account,
    provider_charge_id: charge.provider_id!,
    amount: refund!.amount,
    fee_refund,
    reason: refund!.reason,
  };
  const callId = await recordProviderCall(tx, {
    org_id: options.org_id,
    provider: options.provider,
    operation: REFUND,
    idempotency_key: `${REFUND}:${refund!.id}`,
    subject_id: refund!.id,
    request,
  });
  ctx.afterCommit(() => runProviderCallsSoon(deps, [callId]));
  return toRefundRecord(refund!);
}

/** A refund the provider refused, or one that failed after it: the money it held goes back to the wallet. */
export async function failRefund(tx: Tx, refund: ChargeRefund, reason: string | null): Promise<void> {
  await tx
    .update(chargeRefunds)
    .set({ status: 'failed', failure_reason: reason, failed_at: await sandboxNow(tx) })
    .where(eq(chargeRefunds.id, refund.id));
  const fromWallet = refund.amount - refund.fee_refund;
  if (fromWallet <= 0) return;
  await releaseHold(tx, await findLedgerAccounts(tx, refund.org_id), {
    org_id: refund.org_id,
    key: `refund:${refund.id}:released`,
    amount: fromWallet,
    metadata: { invoice_id: refund.invoice_id, charge_id: refund.charge_id, refund_id: refund.id },
  });
}

async function pendingRefund(tx: Tx, call: ProviderCall): Promise<ChargeRefund | null> {
  const { refund_id } = call.request as RefundCallRequest;
  const [refund] = await tx
    .select()
    .from(chargeRefunds)
    .where(and(eq(chargeRefunds.org_id, call.org_id), eq(chargeRefunds.id, refund_id)))
    .for('update');
  return refund?.status === 'pending' ? refund : null;
}

export const refundOperation = withLookUp<RefundCallRequest, { provider_id: string }>({
  operation: REFUND,
  call: (deps, request, ctx) =>
    paymentsInProvider(deps).refund({
      ...chargeAt(request, ctx),
      amount: request.amount,
      fee: request.fee_refund,
      reason: request.reason,
      idempotency_key: ctx.idempotency_key,
      metadata: { refund_id: request.refund_id, charge_id: request.charge_id, invoice_id: request.invoice_id },
    }),
  async onSucceeded({ tx }, call, answer) {
    const refund = await pendingRefund(tx, call);
    if (refund && !refund.provider_id)
      await tx.update(chargeRefunds).set({ provider_id: answer.provider_id }).where(eq(chargeRefunds.id, refund.id));
  },
  async onFailed({ tx }, call, error) {
    const refund = await pendingRefund(tx, call);
    if (refund) await failRefund(tx, refund, error.code);
  },
  // The refund made for ours when the answer was lost: the payment's refunds, our refund id in their metadata.
  find: (deps, request, ctx) => paymentsInProvider(deps).findRefund?.({ ...chargeAt(request, ctx), refund_id: request.refund_id }),
});
