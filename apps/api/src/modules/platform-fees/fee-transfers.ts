import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { providerCalls, type ProviderCall } from '../../db/schema/index.ts';
import type { HandlerUnit } from '../../events/dispatcher.ts';
import type { ProviderCallError } from '../../providers/contract.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { recordProviderCall, withLookUp, type ProviderOperation } from '../provider-calls/index.ts';

/**
 * Crewpay's fees (a payout's, a transfer out's, the monthly plan) are booked in the ledger from the
 * organisation's wallet to `fees`; this moves the same cents at the provider, from the
 * organisation's financial account to the platform's (Stripe Treasury: an OutboundPayment over the
 * stripe network), and back when a fee is refunded (a returned payout). One call per ledger
 * transfer, keyed by its id, recorded in the posting's own transaction and made after the commit
 * by the provider-calls outbox, so every fee booked moves once and only then.
 */
const PLATFORM_FEES_PROVIDER = 'platform-fees';
const FEE_TRANSFER = 'banking.fee_transfer';

type FeeDirection = 'collect' | 'refund';
type FeeTransferRequest = {
  direction: FeeDirection;
  amount: number;
  description: string;
  /** Owed: an earlier try found the financial account short; tried again when money lands (`owed_try` counts the tries). */
  owed?: boolean;
  owed_try?: number;
  first_key?: string;
};

/** An owed fee waits for money to land (the funds-arrived hook makes it due); this is only the fallback of a day. */
const OWED_RETRY_MS = 86_400_000;

export async function recordFeeTransfer(
  tx: Tx,
  options: { org_id: string; direction: FeeDirection; amount: number; ledger_transfer_id: string; description: string },
): Promise<string | null> {
  if (options.amount <= 0) return null;
  return recordProviderCall(tx, {
    org_id: options.org_id,
    provider: PLATFORM_FEES_PROVIDER,
    operation: FEE_TRANSFER,
    idempotency_key: `fee_${options.direction}:${options.ledger_transfer_id}`,
    subject_id: options.ledger_transfer_id,
    request: { direction: options.direction, amount: options.amount, description: options.description },
  });
}

/**
 * A fee's movement refused for good. Refused because the organisation's financial account is
 * short (`insufficient_funds`), the fee is owed to Crewpay (docs/money-flows.md,
 * "Fees owed until collected"): a new call (a new key: Stripe keeps the refused one's answer) waits
 * until money lands in the financial account (collectOwedFees, on the funds-arrived hook) and is
 * made before anything recorded after it; it stays pending meanwhile, so the provider check counts
 * it and the wallet shows it. Any other final refusal leaves the books as they are (the fee is
 * Crewpay's) and is logged at error level: the provider check then shows the organisation's
 * balance that much above its ledger until someone acts.
 */
async function refuseFeeTransfer({ tx }: HandlerUnit, call: ProviderCall, error: ProviderCallError): Promise<void> {
  const request = call.request as FeeTransferRequest;
  if (error.code === 'insufficient_funds' && request.direction === 'collect') {
    const tries = (request.owed_try ?? 0) + 1;
    const firstKey = request.first_key ?? call.idempotency_key;
    await recordProviderCall(tx, {
      org_id: call.org_id,
      provider: PLATFORM_FEES_PROVIDER,
      operation: FEE_TRANSFER,
      idempotency_key: `${firstKey}:owed:${tries}`,
      subject_id: call.subject_id ?? undefined,
      request: { ...request, owed: true, owed_try: tries, first_key: firstKey },
      next_attempt_at: new Date(Date.now() + OWED_RETRY_MS),
    });
    return;
  }
  console.error('[platform-fees] a fee could not be moved at the provider', call.id, error.code);
}

/** The fee's movement at the configured banking provider (refused: refuseFeeTransfer). */
export const feeTransferOperation: ProviderOperation<FeeTransferRequest, { provider_id: string }> = {
  provider: PLATFORM_FEES_PROVIDER,
  ...withLookUp<FeeTransferRequest, { provider_id: string }>({
    operation: FEE_TRANSFER,
    call: (deps, request, ctx) =>
      bankingProvider(deps).moveFee({
        org_id: ctx.org_id,
        direction: request.direction,
        amount: request.amount,
        description: request.description,
        idempotency_key: ctx.idempotency_key,
      }),
    onFailed: refuseFeeTransfer,
    // The fee's OutboundPayment made under our key when the answer was lost (the key in its metadata).
    find: (deps, request, ctx) =>
      bankingProvider(deps).findFee?.({
        org_id: ctx.org_id,
        direction: request.direction,
        idempotency_key: ctx.idempotency_key,
        since: ctx.since,
      }),
  }),
};

/** The organisation's fee calls waiting as owed (refused for a short financial account, not yet made). */
const owedFeeCalls = (orgId: string) =>
  and(
    eq(providerCalls.org_id, orgId),
    eq(providerCalls.operation, FEE_TRANSFER),
    eq(providerCalls.status, 'pending'),
    sql`${providerCalls.request}->>'owed' = 'true'`,
  );

/**
 * Money landed in the organisation's financial account (funds-arrived hook): its owed fees are
 * due now, collected by the outbox before the payouts recorded after this.
 */
export async function collectOwedFees(db: Db, orgId: string): Promise<void> {
  await db
    .update(providerCalls)
    .set({ next_attempt_at: sql`LEAST(${providerCalls.next_attempt_at}, now())` })
    .where(owedFeeCalls(orgId));
}

/** Crewpay's fees owed by the organisation (refused for a short financial account, waiting for money to land), in cents. */
export async function feesOwed(db: DbOrTx, orgId: string): Promise<number> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum((${providerCalls.request}->>'amount')::bigint), 0)` })
    .from(providerCalls)
    .where(owedFeeCalls(orgId));
  return Number(row?.amount ?? 0);
}

/**
 * Fees booked whose movement has not been made yet (calls pending), per direction: what the
 * provider still holds for Crewpay in the organisation's account (collect) or owes it back (refund).
 */
export async function feesInFlight(db: DbOrTx, orgId: string): Promise<{ collect: number; refund: number }> {
  const rows = await db
    .select({
      direction: sql<string>`${providerCalls.request}->>'direction'`,
      amount: sql<string>`sum((${providerCalls.request}->>'amount')::bigint)`,
    })
    .from(providerCalls)
    .where(and(eq(providerCalls.org_id, orgId), eq(providerCalls.operation, FEE_TRANSFER), eq(providerCalls.status, 'pending')))
    .groupBy(sql`${providerCalls.request}->>'direction'`);
  const of = (direction: FeeDirection) => Number(rows.find((row) => row.direction === direction)?.amount ?? 0);
  return { collect: of('collect'), refund: of('refund') };
}
