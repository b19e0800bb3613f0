import { eq } from 'drizzle-orm';
import type { AccountMapRecord } from '@crewpay/core';
import { accountMapBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { accountingAccountMaps, accountMapKeys } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { accountingProvider } from '../../providers/accounting/index.ts';
import { withQuickbooks } from './connection.ts';

const EMPTY: AccountMapRecord = {
  income: null,
  payable: null,
  sales: null,
  receivable: null,
  clearing: null,
  labor: null,
  unique_income_creator: false,
};

export async function readAccountMap(deps: Pick<AppDeps, 'db'>, org_id: string): Promise<AccountMapRecord> {
  const [row] = await deps.db.select().from(accountingAccountMaps).where(eq(accountingAccountMaps.org_id, org_id));
  if (!row) return EMPTY;
  const { org_id: _org, updated_at: _updated, ...map } = row;
  return { ...EMPTY, ...map };
}

/**
 * Saves the mapping after checking each account against the company's chart (read before the
 * write, no transaction open): it must exist and be active. Unique income per creator clears the
 * creator income account: each creator's own account is used instead.
 */
export async function saveAccountMap(
  deps: AppDeps,
  org_id: string,
  body: ReturnType<typeof accountMapBody.parse>,
): Promise<AccountMapRecord> {
  const chart = await withQuickbooks(deps, org_id, (auth) => accountingProvider(deps).listAccounts(auth));
  const current = await readAccountMap(deps, org_id);
  const next: AccountMapRecord = { ...current, unique_income_creator: body.unique_income_creator };
  for (const key of accountMapKeys) {
    const chosen = body[key];
    if (chosen === undefined) continue;
    if (chosen !== null) {
      const account = chart.find((candidate) => candidate.Id === chosen.Id);
      if (!account) throw new AppError('validation_error', 'Choose an account from the list', { field: key });
      if (!account.Active) throw new AppError('validation_error', `${account.Name} is inactive in QuickBooks`, { field: key });
      next[key] = { Id: account.Id, Name: account.Name };
    } else next[key] = null;
  }
  if (next.unique_income_creator) next.income = null;
  await deps.db
    .insert(accountingAccountMaps)
    .values({ org_id, ...next })
    .onConflictDoUpdate({ target: accountingAccountMaps.org_id, set: next });
  return next;
}
