import { eq } from 'drizzle-orm';
import { ONBOARDING_MESSAGES, onboardingFixOf, type OnboardingAnswer } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { connectedAccounts, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { askProvider } from './onboarding.ts';

/**
 * What the provider still needs of the organisation, for the owner: each requirement with the
 * screen that fixes it and what to do, and whether the wallet can move money yet. An organisation
 * activated before its account's state was kept (the sandbox's first wallets) is complete.
 */
export async function onboardingStatus(db: DbOrTx, orgId: string): Promise<OnboardingAnswer> {
  const [org] = await db.select({ treasury_id: orgs.treasury_id }).from(orgs).where(eq(orgs.id, orgId));
  const [account] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, orgId));
  if (!account)
    return {
      status: org?.treasury_id ? 'complete' : 'not_started',
      wallet_usable: Boolean(org?.treasury_id),
      disabled_reason: null,
      requirements: [],
    };
  const requirements = account.requirements.map((item) => {
    const fix = onboardingFixOf(item.requirement);
    return { requirement: item.requirement, fix, message: ONBOARDING_MESSAGES[fix], past_due: item.past_due, error_code: item.error_code };
  });
  const usable = account.treasury_status === 'active' && Boolean(org?.treasury_id);
  const status =
    requirements.length > 0 ? 'action_required' : usable ? 'complete' : org?.treasury_id ? 'pending_verification' : 'not_started';
  return { status, wallet_usable: usable, disabled_reason: account.disabled_reason, requirements };
}

/** The provider's own page for what only it collects (an identity document), made when asked (links expire); the sandbox has its own. */
export async function onboardingLink(deps: AppDeps, orgId: string): Promise<string> {
  const [account] = await deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, orgId));
  if (!account || account.requirements.length === 0) throw new AppError('bad_request', 'Stripe needs nothing more from your organization');
  const url = await askProvider(() =>
    bankingProvider(deps).onboardingLink({ account_id: account.provider_account_id, return_url: `${deps.config.publicUrl}/verification` }),
  );
  if (!url) throw new AppError('bad_request', 'Stripe needs nothing more from your organization');
  return url;
}
