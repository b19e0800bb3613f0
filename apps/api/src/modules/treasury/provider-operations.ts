import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { treasuryTransactions, type ProviderCall } from '../../db/schema/index.ts';
import { bankingProvider, type ProviderMoneyMovement } from '../../providers/banking/index.ts';
import { findLedgerAccounts, outgoingMoneyEntries, postTransfer } from '../ledger/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import type { ProviderCallError } from '../../providers/contract.ts';
import { withLookUp, type LookUpContext } from '../provider-calls/index.ts';
import { sentOut } from './events.ts';

/**
 * What an ACH movement's call carries: our transaction, and the bank account number sealed with
 * deps.secrets; an ACH debit the verified payment method, a transfer out the receiving bank's
 * routing number, holder and description (calls recorded before these were carried have none).
 */
export type AchCallRequest = {
  treasury_transaction_id: string;
  amount: number;
  account_number_sealed: string;
  payment_method_id?: string | null;
  routing_number?: string;
  account_holder_name?: string;
  description?: string;
};

export const INBOUND_TRANSFER = 'banking.inbound_transfer';
export const OUTBOUND_PAYMENT = 'banking.outbound_payment';

const requestOf = (call: ProviderCall) => call.request as AchCallRequest;

/** The provider's id on our transaction, unless an event brought it first. */
async function recordMovement({ tx }: { tx: Tx }, call: ProviderCall, movement: ProviderMoneyMovement): Promise<void> {
  await tx
    .update(treasuryTransactions)
    .set({ provider_id: movement.provider_id })
    .where(
      and(
        eq(treasuryTransactions.org_id, call.org_id),
        eq(treasuryTransactions.id, requestOf(call).treasury_transaction_id),
        isNull(treasuryTransactions.provider_id),
      ),
    );
}

/** The provider refused the movement: the transaction fails (only from processing), as its failed event would make it. */
async function failMovement(tx: Tx, call: ProviderCall, error: ProviderCallError) {
  const now = await sandboxNow(tx);
  const [row] = await tx
    .update(treasuryTransactions)
    .set({ status: 'failed', failed_at: now, failure_reason: error.code })
    .where(
      and(
        eq(treasuryTransactions.org_id, call.org_id),
        eq(treasuryTransactions.id, requestOf(call).treasury_transaction_id),
        eq(treasuryTransactions.status, 'processing'),
      ),
    )
    .returning();
  return row ?? null;
}

/** The movement made for our transaction when its answer was lost (provider-calls' withLookUp); null when the provider has none. */
const findMovement = (kind: 'inbound_transfer' | 'outbound_payment') => (deps: AppDeps, request: AchCallRequest, ctx: LookUpContext) =>
  bankingProvider(deps).findMovement?.({
    org_id: ctx.org_id,
    kind,
    metadata: { treasury_transaction_id: request.treasury_transaction_id },
    since: ctx.since,
  });

/** What both movements send: the organisation, the amount, the bank account (unsealed only for the call), our key and transaction. */
const movementOf = (deps: AppDeps, request: AchCallRequest, ctx: { org_id: string; idempotency_key: string }) => ({
  org_id: ctx.org_id,
  amount: request.amount,
  account_number: deps.secrets.decrypt(request.account_number_sealed),
  idempotency_key: ctx.idempotency_key,
  metadata: { treasury_transaction_id: request.treasury_transaction_id },
});

/** Add funds: the ACH debit of the verified bank, made after the commit that recorded it. */
export const inboundTransferOperation = withLookUp<AchCallRequest, ProviderMoneyMovement>({
  operation: INBOUND_TRANSFER,
  call: (deps, request, ctx) =>
    bankingProvider(deps).createInboundTransfer({
      ...movementOf(deps, request, ctx),
      payment_method_id: request.payment_method_id ?? null,
    }),
  onSucceeded: recordMovement,
  onFailed: async ({ tx }, call, error) => {
    await failMovement(tx, call, error);
  },
  find: findMovement('inbound_transfer'),
});

/** Transfer out: the outbound ACH; refused for good, its held amount and fee go back to available. */
export const outboundPaymentOperation = withLookUp<AchCallRequest, ProviderMoneyMovement>({
  operation: OUTBOUND_PAYMENT,
  call: (deps, request, ctx) =>
    bankingProvider(deps).createOutboundPayment({
      ...movementOf(deps, request, ctx),
      routing_number: request.routing_number ?? null,
      account_holder_name: request.account_holder_name ?? null,
      description: request.description ?? '',
    }),
  onSucceeded: recordMovement,
  onFailed: async ({ tx }, call, error) => {
    const row = await failMovement(tx, call, error);
    if (!row) return;
    await postTransfer(tx, {
      org_id: call.org_id,
      key: `call:${call.id}`,
      type: 'ach_out_failed',
      metadata: { treasury_transaction_id: row.id },
      entries: outgoingMoneyEntries(await findLedgerAccounts(tx, call.org_id), 'failed', sentOut(row)),
    });
  },
  find: findMovement('outbound_payment'),
});
