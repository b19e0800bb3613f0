import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { payoutAbroadMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { niumAccounts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { niumClient, niumPayouts, type NiumAccount, type NiumPayouts } from '../../providers/payouts/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';

type Deps = Pick<AppDeps, 'config' | 'db' | 'secrets' | 'kernel'>;

/** The organisation's Nium customer and wallet, or null when it has none. */
export async function findNiumAccount(db: DbOrTx, orgId: string): Promise<NiumAccount | null> {
  const [row] = await db.select().from(niumAccounts).where(eq(niumAccounts.org_id, orgId));
  return row ? { customerHashId: row.customer_hash_id, walletHashId: row.wallet_hash_id } : null;
}

/**
 * The organisation's Nium wallet, made on first use in the sandbox (as Nium's sandbox onboards a
 * test customer at once); live, only the ids of its Nium onboarding (KYB), set by the operator
 * (PUT /v1/nium/account): a payment abroad is refused until then.
 */
export async function niumAccountOf(deps: Deps, orgId: string): Promise<NiumAccount> {
  const found = await findNiumAccount(deps.db, orgId);
  if (found) return found;
  if (!deps.config.isSandbox) throw new ProviderCallError({ code: 'nium_account_missing', retryable: false });
  await deps.db
    .insert(niumAccounts)
    .values({ org_id: orgId, customer_hash_id: randomUUID(), wallet_hash_id: randomUUID() })
    .onConflictDoNothing();
  return (await findNiumAccount(deps.db, orgId))!;
}

/** Refuses, with the sentence the owner reads, an organisation that cannot pay through Nium yet. */
export async function assertNiumAccount(deps: Deps, db: DbOrTx, orgId: string): Promise<void> {
  if (deps.config.isSandbox) return;
  if (!(await findNiumAccount(db, orgId))) throw new AppError('forbidden', payoutAbroadMessages.noNiumAccount);
}

/** Nium for this process: the sandbox, or Nium itself paying from each organisation's own wallet. */
export const niumProvider = (deps: Deps): NiumPayouts => niumPayouts(deps, { accountOf: (orgId) => niumAccountOf(deps, orgId) });

/**
 * PUT /v1/nium/account: the organisation's Nium customer and wallet, from its Nium onboarding.
 * Live, Nium is asked for that wallet first (no transaction open): ids Nium does not know are
 * refused, so a typo shows here and not at the first payment abroad.
 */
export async function setNiumAccount(
  deps: Pick<AppDeps, 'config' | 'db'>,
  orgId: string,
  ids: { customer_hash_id: string; wallet_hash_id: string },
) {
  if (!deps.config.isSandbox) await assertNiumKnows(deps, { customerHashId: ids.customer_hash_id, walletHashId: ids.wallet_hash_id });
  await deps.db
    .insert(niumAccounts)
    .values({ org_id: orgId, ...ids })
    .onConflictDoUpdate({ target: niumAccounts.org_id, set: ids });
  return { customer_id: ids.customer_hash_id };
}

async function assertNiumKnows(deps: Pick<AppDeps, 'config'>, account: NiumAccount): Promise<void> {
  try {
    await niumClient(deps.config.providers.nium).walletBalances(account);
  } catch (error) {
    if (error instanceof ProviderCallError && !error.retryable)
      throw new AppError('validation_error', payoutAbroadMessages.niumAccountUnknown, { field: 'customer_hash_id' });
    throw new AppError('provider_unavailable', payoutAbroadMessages.niumDown);
  }
}
