import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { financialAccounts, ledgerTransfers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findLedgerAccounts, freezeEntries, postTransfer } from '../ledger/index.ts';

/**
 * The owner reviewed the debits that froze the wallet (docs/money-flows.md, "Money that moves
 * outside Crewpay"): what is frozen is spendable again. Keyed by the last freeze, so a repeat
 * (or two owners at once) gives it back once; a later freeze needs its own review.
 */
export async function unfreezeWallet(deps: Pick<AppDeps, 'db'>, orgId: string, walletId: string): Promise<{ released: number }> {
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: financialAccounts.id })
      .from(financialAccounts)
      .where(and(eq(financialAccounts.org_id, orgId), eq(financialAccounts.id, walletId)));
    if (!account) throw new AppError('not_found', 'Wallet not found');
    const a = await findLedgerAccounts(tx, orgId, { lock: true });
    const frozen = a.wallet_frozen.balance;
    if (frozen <= 0) return { released: 0 };
    const [last] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.org_id, orgId), eq(ledgerTransfers.type, 'wallet_frozen')))
      .orderBy(desc(ledgerTransfers.created_at))
      .limit(1);
    const posted = await postTransfer(tx, {
      org_id: orgId,
      key: `unfreeze:${last?.id ?? 'none'}`,
      type: 'wallet_unfrozen',
      entries: freezeEntries(a, 'unfreeze', frozen),
    });
    return { released: posted.isNew ? frozen : 0 };
  });
}
