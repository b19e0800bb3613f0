import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { ledgerAccounts } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { paypalAccountsProvider, type PaypalBalance } from '../../providers/paypal-accounts/index.ts';
import { ensureLedgerAccounts, findBalances, paypalSyncEntries, postTransfer } from '../ledger/index.ts';

/**
 * Whether money of the organisation is moving through PayPal that our books have not followed
 * yet: a payout call not answered, a PayPal or Venmo payment not final (PayPal may already have
 * given its money back), a PayPal event not applied. While one is, PayPal's balance and ours may
 * differ for a reason that is on its way, so the books are not synced from it.
 */
const inFlight = (orgId: string) => sql`
  SELECT
    EXISTS (SELECT 1 FROM provider_calls WHERE org_id = ${orgId} AND operation = 'payouts.create' AND status = 'pending')
    OR EXISTS (SELECT 1 FROM payments WHERE org_id = ${orgId} AND status = 'processing' AND method IN ('paypal', 'venmo'))
    OR EXISTS (SELECT 1 FROM provider_events WHERE org_id = ${orgId} AND processed_at IS NULL AND type LIKE 'payout.%') AS busy,
    (SELECT max(t.created_at) FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('paypal_available', 'paypal_held')
     WHERE t.org_id = ${orgId}) AS last_move`;

/**
 * Our books follow the organisation's PayPal balance: what PayPal reports beyond what Crewpay
 * moved (money the organisation received or spent in PayPal, PayPal's own fees) is posted as
 * paypal_balance_synced, outside <-> paypal available. Only when nothing is in flight and PayPal's
 * figure was refreshed after our last PayPal posting (its balances lag by up to three hours).
 * The paypal available row is locked: two readers at once post the difference once.
 */
async function syncPaypalBooks(deps: Pick<AppDeps, 'db'>, orgId: string, balance: PaypalBalance): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const accounts = await ensureLedgerAccounts(tx, orgId);
    const [mirror] = await tx
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.org_id, orgId), eq(ledgerAccounts.kind, 'paypal_available')))
      .for('update');
    const state = (await tx.execute<{ busy: boolean; last_move: Date | string | null }>(inFlight(orgId))).rows[0]!;
    if (state.busy || !mirror) return;
    if (state.last_move && balance.refreshed_at.getTime() <= new Date(state.last_move).getTime()) return;
    const delta = balance.available - mirror.balance;
    if (delta === 0) return;
    await postTransfer(tx, {
      org_id: orgId,
      key: `paypal_sync:${newId()}`,
      type: 'paypal_balance_synced',
      memo: 'PayPal balance',
      entries: paypalSyncEntries(accounts, delta),
    });
  });
}

/**
 * The PayPal wallet's balance: the organisation's own PayPal balance as PayPal reports it (GET
 * /v1/reporting/balances on its behalf), our books synced to it. When PayPal does not answer, our
 * books' figure, which follows PayPal's.
 */
export async function paypalWalletBalance(
  deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>,
  orgId: string,
  merchantId: string | null,
): Promise<number> {
  const books = async () => (await findBalances(deps.db, orgId, ['paypal_available'])).paypal_available ?? 0;
  if (!merchantId) return books();
  let balance: PaypalBalance;
  try {
    balance = await paypalAccountsProvider(deps).balance(merchantId);
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    console.error('[paypal] reading the balance failed; showing our books', error.code);
    return books();
  }
  await syncPaypalBooks(deps, orgId, balance);
  return balance.available;
}
