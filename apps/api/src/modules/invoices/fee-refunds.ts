import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { chargeRefunds, providerCalls, type Charge } from '../../db/schema/index.ts';
import { paymentsInProvider } from '../../providers/payments-in/index.ts';
import { recordProviderCall, withLookUp } from '../provider-calls/index.ts';
import { chargeAt } from './charge-at.ts';

const FEE_REFUND = 'payments_in.fee_refund';

type FeeRefundRequest = { charge_id: string; account: string | null; provider_charge_id: string; amount: number; usd_amount?: number };

/** Crewpay's fee of a charge not yet given back by its refunds (pending or done). */
export async function unrefundedFee(tx: Tx, charge: Charge): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${chargeRefunds.fee_refund}), 0)` })
    .from(chargeRefunds)
    .where(and(eq(chargeRefunds.charge_id, charge.id), inArray(chargeRefunds.status, ['pending', 'succeeded'])));
  return Math.max(0, charge.fee - Number(row?.total ?? 0));
}

/**
 * Crewpay gives back its application fee (all or part): recorded beside the ledger posting that
 * says so, made by the outbox (the provider-calls job's sweep), keyed by what caused it.
 */
export async function recordFeeRefund(
  tx: Tx,
  provider: string,
  charge: Charge,
  options: { key: string; amount: number; usd_amount?: number },
): Promise<void> {
  if (options.amount <= 0 || !charge.provider_id) return;
  const request: FeeRefundRequest = {
    charge_id: charge.id,
    account: charge.provider_account,
    provider_charge_id: charge.provider_id,
    amount: options.amount,
    // A fee in another currency: the dollars it gives back (what the provider check counts in flight).
    ...(options.usd_amount === undefined ? {} : { usd_amount: options.usd_amount }),
  };
  await recordProviderCall(tx, {
    org_id: charge.org_id,
    provider,
    operation: FEE_REFUND,
    idempotency_key: `${FEE_REFUND}:${options.key}`,
    subject_id: charge.id,
    request,
  });
}

export const feeRefundOperation = withLookUp<FeeRefundRequest, { refunded: true }, boolean>({
  operation: FEE_REFUND,
  async call(deps, request, ctx) {
    await paymentsInProvider(deps).refundFee({ ...chargeAt(request, ctx), amount: request.amount, idempotency_key: ctx.idempotency_key });
    return { refunded: true };
  },
  // The fee's refund made under our key when the answer was lost (the key in its metadata).
  find: (deps, request, ctx) =>
    paymentsInProvider(deps).findFeeRefund?.({ ...chargeAt(request, ctx), idempotency_key: ctx.idempotency_key }),
  done: (found) => (found ? { refunded: true } : null),
  // The ledger already gave the fee back; a refusal leaves the provider's books apart, which reconcile shows.
  onFailed: async (_unit, call, error) => {
    console.error('[invoices] a fee refund was refused by the provider', call.id, error.code);
  },
});

/**
 * Application fees given back in the books whose call is still in the outbox: the ledger already
 * counts them in the organisation's wallet, Stripe not yet in its payments balance (the provider check).
 */
export async function feeRefundsInFlight(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({
      amount: sql<string>`coalesce(sum(coalesce(${providerCalls.request}->>'usd_amount', ${providerCalls.request}->>'amount')::bigint), 0)`,
    })
    .from(providerCalls)
    .where(and(eq(providerCalls.org_id, orgId), eq(providerCalls.operation, FEE_REFUND), eq(providerCalls.status, 'pending')));
  return Number(row?.amount ?? 0);
}
