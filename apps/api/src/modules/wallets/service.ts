import { and, eq, type SQL } from 'drizzle-orm';
import type { MovementsAnswer, TransactionsAnswer, WalletDetails, WalletTransaction, WalletsAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts, treasuryTransactions, type TreasuryTransaction } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cursorMicros, keysetPage, newestFirst, pageWhere } from '../../lib/keyset.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { findBalances } from '../ledger/index.ts';
import { findCurrentBankLink, verificationUrlOf } from '../treasury/index.ts';
import { findLinkedPaypal, paypalWalletBalance } from '../paypal/index.ts';
import { listWalletMovements, walletBreakdownOf } from './movements.ts';

const usd = (amount: number) => [{ currency: 'usd' as const, amount }];

/** GET /v1/wallets: the US-only wallet (stripe) once activated, and PayPal once linked. */
export async function listWallets(deps: AppDeps, orgId: string): Promise<WalletsAnswer> {
  const answer: WalletsAnswer = {};
  const [account] = await deps.db.select().from(financialAccounts).where(eq(financialAccounts.org_id, orgId));
  if (account) {
    const { wallet_available } = await findBalances(deps.db, orgId, ['wallet_available']);
    answer.stripe = { id: account.id, balances: usd(wallet_available ?? 0) };
  }
  const paypal = await findLinkedPaypal(deps, orgId);
  // The organisation's own PayPal balance, as PayPal reports it (our books follow it).
  if (paypal) answer.paypal = { id: paypal.id, balances: usd(await paypalWalletBalance(deps, orgId, paypal.merchant_id)) };
  return answer;
}

/** One wallet of the caller's organisation; another organisation's id reads as not found. */
export async function findWalletDetails(deps: AppDeps, orgId: string, walletId: string): Promise<WalletDetails> {
  if (!UUID_PATTERN.test(walletId)) throw new AppError('not_found', 'Wallet not found');
  const [account] = await deps.db
    .select()
    .from(financialAccounts)
    .where(and(eq(financialAccounts.org_id, orgId), eq(financialAccounts.id, walletId)));
  if (!account) {
    const paypal = await findLinkedPaypal(deps, orgId);
    if (paypal?.id !== walletId) throw new AppError('not_found', 'Wallet not found');
    return {
      id: paypal.id,
      provider: 'paypal',
      balances: usd(await paypalWalletBalance(deps, orgId, paypal.merchant_id)),
      payment_method: null,
      setup_intent: null,
      account_details: null,
      can_transfer_out: false,
      breakdown: null,
    };
  }
  const breakdown = await walletBreakdownOf(deps.db, orgId, account.id);
  const link = await findCurrentBankLink(deps.db, orgId);
  const isVerified = link?.status === 'succeeded' && link.payment_method_id;
  return {
    id: account.id,
    provider: 'stripe',
    balances: usd(breakdown.available),
    payment_method: isVerified
      ? {
          id: link.payment_method_id!,
          type: 'us_bank_account',
          us_bank_account: { bank_name: link.bank_name, last4: link.account_last4, routing_number: link.routing_number },
        }
      : null,
    setup_intent: link
      ? {
          id: link.setup_intent_id,
          status: link.status,
          next_action:
            link.status === 'requires_action'
              ? {
                  type: 'verify_with_microdeposits',
                  verify_with_microdeposits: {
                    hosted_verification_url: verificationUrlOf(deps, link),
                    microdeposit_type: 'descriptor_code',
                  },
                }
              : null,
        }
      : null,
    // Null until a real provider has given the account's numbers.
    account_details:
      account.account_number_encrypted && account.routing_number
        ? { account_number: deps.secrets.decrypt(account.account_number_encrypted), routing_number: account.routing_number }
        : null,
    can_transfer_out: deps.config.transferOutOrgId === orgId,
    breakdown,
  };
}

function toWalletTransaction(row: TreasuryTransaction): WalletTransaction {
  const metadata = row.metadata;
  return {
    id: row.id,
    date: Math.floor(row.created_at.getTime() / 1000),
    memo: row.memo,
    flow_type: row.flow_type,
    flow_details: { [row.flow_type]: { id: row.provider_id, metadata } },
    status: row.status,
    amount: row.amount,
    fee: row.fee,
    type: row.flow_type,
    payment_id: metadata.payment_id ?? null,
    invoice_id: metadata.invoice_id ?? null,
    contract_id: metadata.contract_id ?? null,
    failure_reason: row.failure_reason,
  };
}

const transactionKeyset = { table: treasuryTransactions, created_at: treasuryTransactions.created_at, id: treasuryTransactions.id };

/** A wallet's transactions, newest first: by keyset after a cursor, else by page number over the index (lib/keyset.ts). */
export async function listWalletTransactions(
  deps: AppDeps,
  options: {
    org_id: string;
    wallet_id: string;
    page: number;
    limit: number;
    starting_after?: string | undefined;
    status?: TreasuryTransaction['status'];
    flow_type?: TreasuryTransaction['flow_type'];
  },
): Promise<TransactionsAnswer> {
  const wallet = await findWalletDetails(deps, options.org_id, options.wallet_id);
  if (wallet.provider !== 'stripe') return { data: [], page: options.page, has_more: false, next_cursor: null };
  const scope = eq(treasuryTransactions.org_id, options.org_id);
  const filters: SQL[] = [scope, eq(treasuryTransactions.financial_account_id, wallet.id)];
  if (options.status) filters.push(eq(treasuryTransactions.status, options.status));
  if (options.flow_type) filters.push(eq(treasuryTransactions.flow_type, options.flow_type));
  const found = await deps.db
    .select({ transaction: treasuryTransactions, cursor_us: cursorMicros(treasuryTransactions.created_at) })
    .from(treasuryTransactions)
    .where(pageWhere(deps.db, transactionKeyset, { scope, where: and(...filters), page_size: options.limit, ...options }))
    .orderBy(...newestFirst(transactionKeyset))
    .limit(options.limit + 1);
  const { rows, has_more, next_cursor } = keysetPage(
    found.map((row) => ({ ...row, id: row.transaction.id })),
    options.limit,
  );
  return { data: rows.map((row) => toWalletTransaction(row.transaction)), page: options.page, has_more, next_cursor };
}

/** GET /v1/wallets/:id/movements: every movement of the US-only wallet's money (PayPal's books are PayPal's). */
export async function listMovements(
  deps: AppDeps,
  options: { org_id: string; wallet_id: string; page: number; limit: number; starting_after?: string | undefined },
): Promise<MovementsAnswer> {
  const wallet = await findWalletDetails(deps, options.org_id, options.wallet_id);
  if (wallet.provider !== 'stripe') return { data: [], page: options.page, has_more: false, next_cursor: null };
  return listWalletMovements(deps.db, { ...options, financial_account_id: wallet.id });
}
