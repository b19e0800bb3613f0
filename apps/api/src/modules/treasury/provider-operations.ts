import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { treasuryTransactions, type ProviderCall } from '../../db/schema/index.ts';
import { bankingProvider, type ProviderMoneyMovement } from '../../providers/banking/index.ts';
import { findLedgerAccounts, outgoingMoneyEntries, postTransfer } from '../ledger/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import type { ProviderCallError } from '../../providers/contract.ts';
import type { ProviderOperation } from '../provider-calls/index.ts';
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

/** Stripe keeps a key's answer for a day; a lost answer is looked for among the movements of the days before. */
const LOOKUP_DAYS = 3;

/** The movement made for our transaction when its answer was lost (provider-calls' lookUp); null when the provider has none. */
async function findMovement(deps: AppDeps, request: AchCallRequest, orgId: string, kind: 'inbound_transfer' | 'outbound_payment') {
  const found = await bankingProvider(deps).findMovement?.({
    org_id: orgId,
    kind,
    metadata: { treasury_transaction_id: request.treasury_transaction_id },
    since: Math.floor(Date.now() / 1000) - LOOKUP_DAYS * 86_400,
  });
  return found ?? null;
}

/** Add funds: the ACH debit of the verified bank, made after the commit that recorded it. */
export const inboundTransferOperation: Omit<ProviderOperation<AchCallRequest, ProviderMoneyMovement>, 'provider'> = {
  operation: INBOUND_TRANSFER,
  call: (deps, request, ctx) =>
    bankingProvider(deps).createInboundTransfer({
      org_id: ctx.org_id,
      amount: request.amount,
      account_number: deps.secrets.decrypt(request.account_number_sealed),
      payment_method_id: request.payment_method_id ?? null,
      idempotency_key: ctx.idempotency_key,
      metadata: { treasury_transaction_id: request.treasury_transaction_id },
    }),
  onSucceeded: recordMovement,
  onFailed: async ({ tx }, call, error) => {
    await failMovement(tx, call, error);
  },
  lookUp: (deps, request, ctx) => findMovement(deps, request, ctx.org_id, 'inbound_transfer'),
};

/** Transfer out: the outbound ACH; refused for good, its held amount and fee go back to available. */
export const outboundPaymentOperation: Omit<ProviderOperation<AchCallRequest, ProviderMoneyMovement>, 'provider'> = {
  operation: OUTBOUND_PAYMENT,
  call: (deps, request, ctx) =>
    bankingProvider(deps).createOutboundPayment({
      org_id: ctx.org_id,
      amount: request.amount,
      account_number: deps.secrets.decrypt(request.account_number_sealed),
      routing_number: request.routing_number ?? null,
      account_holder_name: request.account_holder_name ?? null,
      description: request.description ?? '',
      idempotency_key: ctx.idempotency_key,
      metadata: { treasury_transaction_id: request.treasury_transaction_id },
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
  lookUp: (deps, request, ctx) => findMovement(deps, request, ctx.org_id, 'outbound_payment'),
};
