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
import { askProvider, ensureAccountHolder, hasOutstandingRequirements, submitOnboarding } from './onboarding.ts';

type Representative = z.output<typeof representativeBody>;
type Business = z.output<typeof businessBody>;
/** Who accepted the terms, as the provider records it: their address and browser, and their email for the representative. */
export type Acceptance = { ip: string; user_agent: string; email: string };

const ALREADY_ACTIVATED = 'Your account is already activated';

/**
 * Locks the organisation. Once activated, its details may be sent again only while the provider
 * still asks for something (a correction of what it refused).
 */
async function lockOrg(tx: Tx, orgId: string): Promise<Org> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
  if (!org) throw new AppError('not_found', 'Organization not found');
  if (org.treasury_id && !(await hasOutstandingRequirements(tx, orgId))) throw new AppError('conflict', ALREADY_ACTIVATED);
  return org;
}

/**
 * Step 1: the business representative. The SSN is sealed; only its last four are kept in clear;
 * the terms' acceptance keeps its time, address and browser. Sent again after activation (the
 * provider refused something), the corrected details go to the provider at once.
 */
export async function submitRepresentative(
  deps: AppDeps,
  options: { org_id: string; body: Representative; acceptance: Acceptance },
): Promise<Org> {
  const { terms: _terms, ssn, ...fields } = options.body;
  const org = await deps.db.transaction(async (tx) => {
    await lockOrg(tx, options.org_id);
    const sealed = {
      ...fields,
      ssn_encrypted: deps.secrets.encrypt(ssn),
      ssn_last4: ssn.slice(-4),
      terms_accepted_at: new Date(),
      terms_ip: options.acceptance.ip,
      terms_user_agent: options.acceptance.user_agent.slice(0, 500),
    };
    await tx
      .insert(orgRepresentatives)
      .values({ id: newId(), org_id: options.org_id, ...sealed })
      .onConflictDoUpdate({ target: orgRepresentatives.org_id, set: sealed });
    const [updated] = await tx.update(orgs).set({ has_representative: true }).where(eq(orgs.id, options.org_id)).returning();
    return updated!;
  });
  if (org.treasury_id) await resubmit(deps, options.org_id, options.acceptance.email);
  return org;
}

async function resubmit(deps: AppDeps, orgId: string, email: string) {
  const accountId = await ensureAccountHolder(deps, orgId);
  await submitOnboarding(deps, { org_id: orgId, account_id: accountId, email });
}

/**
 * Step 2: the business, with the financial account's agreement. The organisation's account at
 * the banking provider is created (and stored) first, the details collected are submitted to it,
 * then the wallet is opened on it: its financial account, ledger accounts and fee schedules, and
 * treasury_id set. The provider is never called inside our transaction, and each call is keyed by
 * our ids: a retry after a failure finds what was made (docs/money-flows.md, Onboarding).
 */
export async function submitBusiness(deps: AppDeps, options: { org_id: string; body: Business; acceptance: Acceptance }): Promise<Org> {
  const { agreement: _agreement, ein, ...fields } = options.body;
  const before = await deps.db.transaction(async (tx) => {
    const current = await lockOrg(tx, options.org_id);
    if (!current.has_representative) throw new AppError('bad_request', 'Please tell us about the business representative first');
    const sealed = {
      ...fields,
      ein_encrypted: deps.secrets.encrypt(ein),
      ein_last4: ein.slice(-4),
      agreement_accepted_at: new Date(),
      agreement_ip: options.acceptance.ip,
      agreement_user_agent: options.acceptance.user_agent.slice(0, 500),
    };
    await tx
      .insert(orgBusinesses)
      .values({ id: newId(), org_id: options.org_id, ...sealed })
      .onConflictDoUpdate({ target: orgBusinesses.org_id, set: sealed });
    return current;
  });
  await resubmit(deps, options.org_id, options.acceptance.email);
  if (before.treasury_id) return before;
  return openWallet(deps, options.org_id);
}

/** Opens the financial account on the organisation's provider account and activates the organisation. */
async function openWallet(deps: AppDeps, orgId: string): Promise<Org> {
  const accountId = await ensureAccountHolder(deps, orgId);
  const account = await askProvider(() =>
    bankingProvider(deps).createFinancialAccount({ org_id: orgId, account_id: accountId, idempotency_key: `financial_account:${orgId}` }),
  );
  return deps.db.transaction(async (tx) => {
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId)).for('update');
    if (org?.treasury_id) throw new AppError('conflict', ALREADY_ACTIVATED);
    await tx.insert(financialAccounts).values({
      id: newId(),
      org_id: orgId,
      provider_account_id: account.provider_account_id,
      provider_connected_account_id: account.connected_account_id,
      // A real provider may give the numbers later (treasury.financial_account.address_ready).
      account_number_encrypted: account.account_number ? deps.secrets.encrypt(account.account_number) : null,
      account_last4: account.account_number?.slice(-4) ?? null,
      routing_number: account.routing_number,
    });
    await ensureLedgerAccounts(tx, orgId);
    await ensureFeeSchedules(tx, orgId);
    const [updated] = await tx.update(orgs).set({ treasury_id: account.provider_account_id }).where(eq(orgs.id, orgId)).returning();
    return updated!;
  });
}
