import { TRANSFER_OUT_REFUSED, transferFee, type AchDebitBody, type AchTransferBody, type TreasuryTransactionAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { treasuryTransactions, type TreasuryTransaction } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { arrivedMoneyEntries, findLedgerAccounts } from '../ledger/index.ts';
import { holdFunds } from '../ledger/index.ts';
import { postTransfer } from '../ledger/index.ts';
import { findFinancialAccount, findVerifiedBankLink } from './bank-links.ts';
import { announceFundsArrived } from '../../events/dispatcher.ts';
import { recordProviderCall, runProviderCallsSoon } from '../provider-calls/index.ts';
import { INBOUND_TRANSFER, OUTBOUND_PAYMENT, type AchCallRequest } from './provider-operations.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };

export function toTransactionAnswer(row: TreasuryTransaction): TreasuryTransactionAnswer {
  return { id: row.id, status: row.status, amount: row.amount, fee: row.fee };
}

/**
 * Add funds: an ACH debit of the verified bank. The transaction records our row (processing)
 * and the provider call; the call is made after the commit. Nothing is available until the
 * provider settles it.
 */
export async function createAchDebit(
  deps: AppDeps,
  ctx: Ctx,
  options: { org_id: string; body: AchDebitBody },
): Promise<TreasuryTransaction> {
  const { tx } = ctx;
  const account = await findFinancialAccount(tx, options.org_id);
  const link = await findVerifiedBankLink(tx, options.org_id, options.body.payment_method);
  const id = newId();
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id,
      org_id: options.org_id,
      financial_account_id: account.id,
      flow_type: 'inbound_transfer',
      status: 'processing',
      amount: options.body.amount,
      memo: `ACH debit from ${link.bank_name} ••••${link.account_last4}`,
      counterparty_last4: link.account_last4,
      counterparty_routing: link.routing_number,
      payment_method_id: link.payment_method_id,
      created_at: await sandboxNow(tx),
    })
    .returning();
  await recordAchCall(deps, ctx, {
    org_id: options.org_id,
    operation: INBOUND_TRANSFER,
    request: {
      treasury_transaction_id: id,
      amount: options.body.amount,
      account_number_sealed: link.account_number_encrypted,
      payment_method_id: link.payment_method_id,
    },
  });
  return row!;
}

/** Records the ACH call beside our transaction; it is made once this commits. */
async function recordAchCall(deps: AppDeps, ctx: Ctx, options: { org_id: string; operation: string; request: AchCallRequest }) {
  const callId = await recordProviderCall(ctx.tx, {
    org_id: options.org_id,
    provider: bankingProvider(deps).name,
    operation: options.operation,
    idempotency_key: `${options.operation}:${options.request.treasury_transaction_id}`,
    subject_id: options.request.treasury_transaction_id,
    request: options.request,
  });
  ctx.afterCommit(() => runProviderCallsSoon(deps, [callId]));
}

/**
 * Transfer funds out: only the organisation named in TRANSFER_OUT_ORG_ID. The amount and its fee
 * are held at once (so the same dollar cannot leave twice); settlement or failure moves the hold.
 */
export async function createAchTransfer(
  deps: AppDeps,
  ctx: Ctx,
  options: { org_id: string; body: AchTransferBody },
): Promise<TreasuryTransaction> {
  if (!deps.config.transferOutOrgId || deps.config.transferOutOrgId !== options.org_id)
    throw new AppError('forbidden', TRANSFER_OUT_REFUSED);
  const { tx } = ctx;
  const { amount, name, description, account_num, routing_num } = options.body;
  const account = await findFinancialAccount(tx, options.org_id);
  const fee = transferFee(amount);
  const id = newId();
  await holdFunds(tx, await findLedgerAccounts(tx, options.org_id), {
    org_id: options.org_id,
    key: `hold:${id}`,
    amount: amount + fee,
    metadata: { treasury_transaction_id: id },
  });
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id,
      org_id: options.org_id,
      financial_account_id: account.id,
      flow_type: 'outbound_payment',
      status: 'processing',
      amount: -amount,
      fee,
      memo: description,
      counterparty_name: name,
      counterparty_last4: account_num.slice(-4),
      counterparty_routing: routing_num,
      created_at: await sandboxNow(tx),
    })
    .returning();
  await recordAchCall(deps, ctx, {
    org_id: options.org_id,
    operation: OUTBOUND_PAYMENT,
    request: {
      treasury_transaction_id: id,
      amount,
      account_number_sealed: deps.secrets.encrypt(account_num),
      routing_number: routing_num,
      account_holder_name: name,
      description,
    },
  });
  return row!;
}

/** Sandbox only: money arrives at once, as a received credit. */
export async function loadSandboxFunds(deps: AppDeps, ctx: Ctx, options: { org_id: string; amount: number }): Promise<TreasuryTransaction> {
  const { tx } = ctx;
  const account = await findFinancialAccount(tx, options.org_id);
  const now = await sandboxNow(tx);
  const id = newId();
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id,
      org_id: options.org_id,
      financial_account_id: account.id,
      provider_id: `rc_${id.replaceAll('-', '')}`,
      flow_type: 'received_credit',
      status: 'succeeded',
      amount: options.amount,
      memo: 'Sandbox funds',
      created_at: now,
      posted_at: now,
    })
    .returning();
  const ledger = await findLedgerAccounts(tx, options.org_id);
  await postTransfer(tx, {
    org_id: options.org_id,
    key: `load:${id}`,
    type: 'sandbox_load',
    metadata: { treasury_transaction_id: id },
    entries: arrivedMoneyEntries(ledger, { amount: options.amount, fee: 0 }),
  });
  // Funds arrived: billing takes what the organisation owes once this money is committed.
  ctx.afterCommit(() => announceFundsArrived(deps, options.org_id));
  return row!;
}
