import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { businessBody, representativeBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { financialAccounts, orgBusinesses, orgRepresentatives, orgs, type Org } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { ensureLedgerAccounts } from '../ledger/index.ts';
import { ensureFeeSchedules } from '../fees/index.ts';

type Representative = z.output<typeof representativeBody>;
type Business = z.output<typeof businessBody>;

export const ALREADY_ACTIVATED = 'Your account is already activated';

async function lockOrg(tx: Tx, orgId: string): Promise<Org> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  if (!org) throw new AppError('not_found', 'Organization not found');
  if (org.treasury_id) throw new AppError('conflict', ALREADY_ACTIVATED);
  return org;
}

/** Step 1: the business representative. The SSN is sealed; only its last four are kept in clear. */
export async function submitRepresentative(deps: AppDeps, options: { org_id: string; body: Representative }): Promise<Org> {
  const { terms: _terms, ssn, ...fields } = options.body;
  return deps.db.transaction(async (tx) => {
    await lockOrg(tx, options.org_id);
    const sealed = { ...fields, ssn_encrypted: deps.secrets.encrypt(ssn), ssn_last4: ssn.slice(-4), terms_accepted_at: new Date() };
    await tx
      .insert(orgRepresentatives)
      .values({ id: newId(), org_id: options.org_id, ...sealed })
      .onConflictDoUpdate({ target: orgRepresentatives.org_id, set: sealed });
    const [org] = await tx.update(orgs).set({ has_representative: true }).where(eq(orgs.id, options.org_id)).returning();
    return org!;
  });
}

/**
 * Step 2: the business. Opens the organisation's financial account at the banking provider,
 * its ledger accounts and fee schedules, and sets treasury_id: the organisation is activated.
 * The provider is called first, with no transaction of ours open and the organisation's id as
 * the idempotency key: a retry after a failure below gets the same account, never a second one.
 */
export async function submitBusiness(deps: AppDeps, options: { org_id: string; body: Business }): Promise<Org> {
  const { agreement: _agreement, ein, ...fields } = options.body;
  await deps.db.transaction(async (tx) => {
    const current = await lockOrg(tx, options.org_id);
    if (!current.has_representative) throw new AppError('bad_request', 'Please tell us about the business representative first');
  });
  const account = await bankingProvider(deps).createFinancialAccount({
    org_id: options.org_id,
    idempotency_key: `financial_account:${options.org_id}`,
  });
  return deps.db.transaction(async (tx) => {
    await lockOrg(tx, options.org_id);
    const sealed = { ...fields, ein_encrypted: deps.secrets.encrypt(ein), ein_last4: ein.slice(-4) };
    await tx
      .insert(orgBusinesses)
      .values({ id: newId(), org_id: options.org_id, ...sealed })
      .onConflictDoUpdate({ target: orgBusinesses.org_id, set: sealed });
    await tx.insert(financialAccounts).values({
      id: newId(),
      org_id: options.org_id,
      provider_account_id: account.provider_account_id,
      provider_connected_account_id: account.connected_account_id,
      // A real provider may give the numbers later (treasury.financial_account.address_ready).
      account_number_encrypted: account.account_number ? deps.secrets.encrypt(account.account_number) : null,
      account_last4: account.account_number?.slice(-4) ?? null,
      routing_number: account.routing_number,
    });
    await ensureLedgerAccounts(tx, options.org_id);
    await ensureFeeSchedules(tx, options.org_id);
    const [updated] = await tx
      .update(orgs)
      .set({ treasury_id: account.provider_account_id })
      .where(eq(orgs.id, options.org_id))
      .returning();
    return updated!;
  });
}
