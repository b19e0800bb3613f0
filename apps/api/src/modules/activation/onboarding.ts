import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { connectedAccounts, orgBusinesses, orgRepresentatives, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import type { OnboardingSubmission, ProviderAccountState } from '../../providers/banking/index.ts';
import { ProviderCallError } from '../../providers/contract.ts';

/**
 * A call to the provider a person waits on: its breakdown is a 503 to try again (every call is
 * keyed, so the retry makes nothing twice), its refusal a 400 saying the details were refused.
 */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error;
    if (error.retryable) throw new AppError('provider_unavailable', 'Stripe is not answering right now: please try again in a minute');
    throw new AppError('bad_request', 'Stripe refused these details: please check them and try again');
  }
}

/**
 * The organisation's account at the banking provider. Created once and stored in its own
 * transaction before anything else is asked of the provider: a retry any time later (after the
 * provider has forgotten the idempotency key, 24 hours for Stripe) finds the stored id and never
 * creates a second account. Two concurrent first tries share the provider's key, so one account.
 */
export async function ensureAccountHolder(deps: AppDeps, orgId: string): Promise<string> {
  const stored = async () =>
    (await deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, orgId)))[0]?.provider_account_id;
  const known = await stored();
  if (known) return known;
  const { account_id: accountId } = await askProvider(() =>
    bankingProvider(deps).createAccountHolder({ org_id: orgId, idempotency_key: `account_holder:${orgId}` }),
  );
  await deps.db
    .insert(connectedAccounts)
    .values({ id: newId(), org_id: orgId, provider_account_id: accountId })
    .onConflictDoNothing({ target: connectedAccounts.org_id });
  return (await stored())!;
}

/** Keeps what the provider says it still needs, unless a newer report is already kept. */
export async function saveAccountState(db: DbOrTx, orgId: string, state: ProviderAccountState): Promise<boolean> {
  const updated = await db
    .update(connectedAccounts)
    .set({
      requirements: state.requirements,
      pending_verification: state.pending_verification,
      disabled_reason: state.disabled_reason,
      treasury_status: state.treasury_status,
      state_at: state.state_at,
    })
    .where(and(eq(connectedAccounts.org_id, orgId), lte(connectedAccounts.state_at, state.state_at)))
    .returning({ id: connectedAccounts.id });
  return updated.length > 0;
}

const splitAddress = (row: { address: string; address2: string; city: string; state: string; zip_code: string }) => ({
  line1: row.address,
  line2: row.address2,
  city: row.city,
  state: row.state,
  postal_code: row.zip_code,
});

/** What the activation screens collected, opened for the provider (the SSN and EIN unsealed only here). */
async function submissionOf(deps: AppDeps, orgId: string, email: string): Promise<OnboardingSubmission> {
  const [org] = await deps.db.select().from(orgs).where(eq(orgs.id, orgId));
  const [person] = await deps.db.select().from(orgRepresentatives).where(eq(orgRepresentatives.org_id, orgId));
  const [business] = await deps.db.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, orgId));
  if (!org || !person || !business) throw new AppError('bad_request', 'Please tell us about the business representative first');
  const unknown = 'unknown';
  return {
    business: {
      name: org.name,
      tax_id: deps.secrets.decrypt(business.ein_encrypted),
      phone: business.phone,
      product_description: business.product_description,
      address: splitAddress(business),
    },
    representative: {
      first_name: person.first_name,
      last_name: person.last_name,
      title: person.job_title,
      email,
      phone: person.phone,
      dob: person.dob,
      id_number: deps.secrets.decrypt(person.ssn_encrypted),
      address: splitAddress(person),
    },
    terms: { accepted_at: person.terms_accepted_at, ip: person.terms_ip ?? unknown, user_agent: person.terms_user_agent ?? unknown },
    financial_account_terms: {
      accepted_at: business.agreement_accepted_at ?? business.created_at,
      ip: business.agreement_ip ?? unknown,
      user_agent: business.agreement_user_agent ?? unknown,
    },
    owners_provided: business.owners_provided_at !== null,
  };
}

/**
 * Submits the organisation's details to its account at the provider and keeps what it still
 * needs. Keyed by the organisation and a digest of what is sent: the same details again change
 * nothing twice, corrected details are a new request.
 */
export async function submitOnboarding(deps: AppDeps, options: { org_id: string; account_id: string; email: string }): Promise<void> {
  const submission = await submissionOf(deps, options.org_id, options.email);
  const digest = createHash('sha256').update(JSON.stringify(submission)).digest('hex').slice(0, 24);
  const state = await askProvider(() =>
    bankingProvider(deps).submitOnboarding({
      org_id: options.org_id,
      account_id: options.account_id,
      submission,
      idempotency_key: `onboarding:${options.org_id}:${digest}`,
    }),
  );
  await saveAccountState(deps.db, options.org_id, state);
}

/** Whether the provider still asks for something the owner must give (then the activation forms may be sent again). */
export async function hasOutstandingRequirements(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, orgId));
  return row !== undefined && row.requirements.length > 0;
}
