import { TRANSFER_OUT_REFUSED, transferFee, type AchDebitBody, type AchTransferBody, type TreasuryTransactionAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { treasuryTransactions, type TreasuryTransaction } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { sandboxNow } from '../clock/index.ts';
import { findLedgerAccounts } from '../ledger/index.ts';
import { holdFunds } from '../ledger/index.ts';
import { postTransfer } from '../ledger/index.ts';
import { findFinancialAccount, findVerifiedBankLink } from './bank-links.ts';
import { announceFundsArrived } from '../../events/dispatcher.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };

export function toTransactionAnswer(row: TreasuryTransaction): TreasuryTransactionAnswer {
  return { id: row.id, status: row.status, amount: row.amount, fee: row.fee };
}

/** Add funds: an ACH debit of the verified bank. Nothing is available until the provider settles it. */
export async function createAchDebit(
  deps: AppDeps,
  ctx: Ctx,
  options: { org_id: string; body: AchDebitBody },
): Promise<TreasuryTransaction> {
  const { tx } = ctx;
  const account = await findFinancialAccount(tx, options.org_id);
  const link = await findVerifiedBankLink(tx, options.org_id, options.body.payment_method);
  const movement = await bankingProvider(deps).createInboundTransfer(ctx, {
    org_id: options.org_id,
    amount: options.body.amount,
    account_number: deps.secrets.decrypt(link.account_number_encrypted),
  });
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id: newId(),
      org_id: options.org_id,
      financial_account_id: account.id,
      provider_id: movement.provider_id,
      flow_type: 'inbound_transfer',
      status: movement.status,
      amount: options.body.amount,
      memo: `ACH debit from ${link.bank_name} ••••${link.account_last4}`,
      counterparty_last4: link.account_last4,
      counterparty_routing: link.routing_number,
      payment_method_id: link.payment_method_id,
      created_at: movement.created_at,
    })
    .returning();
  return row!;
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
  const movement = await bankingProvider(deps).createOutboundPayment(ctx, { org_id: options.org_id, amount, account_number: account_num });
  const [row] = await tx
    .insert(treasuryTransactions)
    .values({
      id,
      org_id: options.org_id,
      financial_account_id: account.id,
      provider_id: movement.provider_id,
      flow_type: 'outbound_payment',
      status: movement.status,
      amount: -amount,
      fee,
      memo: description,
      counterparty_name: name,
      counterparty_last4: account_num.slice(-4),
      counterparty_routing: routing_num,
      created_at: movement.created_at,
    })
    .returning();
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
    entries: [
      { account_id: ledger.outside_bank.id, amount: -options.amount },
      { account_id: ledger.wallet_available.id, amount: options.amount },
    ],
  });
  // Funds arrived: billing takes what the organisation owes once this money is committed.
  ctx.afterCommit(() => announceFundsArrived(deps.db, options.org_id));
  return row!;
}
