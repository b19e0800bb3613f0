import type Stripe from 'stripe';
import { callStripe } from '../clients/stripe-client.ts';
import { ProviderCallError } from '../contract.ts';
import type { OnboardingSubmission, OwnerSubmission, ProviderAccountState, TermsAcceptance } from './types.ts';

/**
 * Treasury for platforms (v1) takes only connected accounts whose platform collects the
 * requirements, carries the losses and gives no Stripe dashboard; the platform pays Stripe's fees.
 */
export const TREASURY_CONTROLLER: Stripe.AccountCreateParams.Controller = {
  fees: { payer: 'application' },
  losses: { payments: 'application' },
  requirement_collection: 'application',
  stripe_dashboard: { type: 'none' },
};

/**
 * What each organisation's account asks for: Treasury, transfers, and the two ways its invoices
 * are paid as direct charges on it (cards, ACH debits of the payer's bank).
 */
export const ACCOUNT_CAPABILITIES: Stripe.AccountCreateParams.Capabilities = {
  treasury: { requested: true },
  card_payments: { requested: true },
  us_bank_account_ach_payments: { requested: true },
  transfers: { requested: true },
};

/** Advertising services: organisations run creator campaigns for brands and pay the creators. */
const CREWPAY_MCC = '7311';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const acceptance = (terms: TermsAcceptance) => ({ date: unix(terms.accepted_at), ip: terms.ip, user_agent: terms.user_agent });
const address = (value: OnboardingSubmission['business']['address']) => ({
  line1: value.line1,
  line2: value.line2 || undefined,
  city: value.city,
  state: value.state,
  postal_code: value.postal_code,
  country: 'US',
});

const dobOf = (value: string) => {
  const [year, month, day] = value.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/** The account's fields as Stripe's account update takes them: the company, its profile, both agreements. */
function accountUpdate(submission: OnboardingSubmission): Stripe.AccountUpdateParams {
  const { business } = submission;
  return {
    business_type: 'company',
    company: {
      name: business.name,
      tax_id: business.tax_id,
      phone: business.phone,
      address: address(business.address),
      ...(submission.owners_provided ? { owners_provided: true } : {}),
    },
    business_profile: { mcc: CREWPAY_MCC, product_description: business.product_description, support_phone: business.phone },
    tos_acceptance: acceptance(submission.terms),
    settings: { treasury: { tos_acceptance: acceptance(submission.financial_account_terms) } },
  };
}

/** The representative as a Stripe Person (the one who signs for the company, an executive). */
function representativePerson(submission: OnboardingSubmission): Stripe.AccountCreatePersonParams {
  const person = submission.representative;
  return {
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phone: person.phone,
    dob: dobOf(person.dob),
    id_number: person.id_number,
    address: address(person.address),
    relationship: { representative: true, executive: true, title: person.title },
  };
}

/** What Stripe still needs, from an account as Stripe answers it (or as account.updated carries it). */
export function accountState(account: Stripe.Account, at: number): ProviderAccountState {
  const requirements = account.requirements;
  const pastDue = new Set(requirements?.past_due ?? []);
  const errors = new Map((requirements?.errors ?? []).map((error) => [error.requirement, error.code]));
  const treasury = account.capabilities?.treasury as string | undefined;
  return {
    requirements: (requirements?.currently_due ?? []).map((requirement) => ({
      requirement,
      past_due: pastDue.has(requirement),
      error_code: errors.get(requirement) ?? null,
    })),
    pending_verification: requirements?.pending_verification ?? [],
    disabled_reason: requirements?.disabled_reason ?? null,
    treasury_status: treasury === 'active' || treasury === 'pending' ? treasury : 'inactive',
    state_at: at,
  };
}

/**
 * Submits the organisation's details to its connected account: the company, its profile and the
 * two agreements (Stripe's and the financial account's, with the time, address and browser of
 * their acceptance), then the representative (created once, updated after). Every request is keyed
 * by the organisation and what it sends, so a retry of the same details changes nothing twice.
 */
export async function submitToStripe(
  stripe: Stripe,
  options: { account_id: string; submission: OnboardingSubmission; idempotency_key: string },
): Promise<ProviderAccountState> {
  const { account_id: account, submission, idempotency_key: key } = options;
  await callStripe(() => stripe.accounts.update(account, accountUpdate(submission), { idempotencyKey: `${key}:account` }));
  const persons = await callStripe(() => stripe.accounts.listPersons(account, { relationship: { representative: true }, limit: 1 }));
  const existing = persons.data[0];
  // One key per operation: a retry that finds the person a first try created updates it under a key of its own
  // (Stripe refuses a key reused for another request with idempotency_error, for 24 hours).
  await callStripe(() =>
    existing
      ? stripe.accounts.updatePerson(account, existing.id, representativePerson(submission), {
          idempotencyKey: `${key}:person:${existing.id}:update`,
        })
      : stripe.accounts.createPerson(account, representativePerson(submission), { idempotencyKey: `${key}:person:create` }),
  );
  const answered = await callStripe(() => stripe.accounts.retrieve(account));
  return accountState(answered, Math.floor(Date.now() / 1000));
}

/** A beneficial owner as a Stripe Person: an owner with the percentage they own (and their title, when they gave one). */
function ownerPerson(owner: OwnerSubmission): Stripe.AccountUpdatePersonParams {
  return {
    first_name: owner.first_name,
    last_name: owner.last_name,
    email: owner.email,
    dob: dobOf(owner.dob),
    address: address(owner.address),
    relationship: { owner: true, percent_ownership: owner.percent_ownership, ...(owner.title ? { title: owner.title } : {}) },
  };
}

/**
 * An owner taken off the list is no longer an owner at Stripe either: the Persons we made for
 * owners (our key in their metadata) that the list no longer has are deleted, never the
 * representative. A delete repeated after a lost answer finds nothing (resource_missing): done.
 */
async function removeUnlistedOwners(stripe: Stripe, account: string, listed: Stripe.Person[], keys: Set<string>): Promise<void> {
  const unlisted = listed.filter(
    (person) => person.metadata?.crewpay_owner && !keys.has(person.metadata.crewpay_owner) && !person.relationship?.representative,
  );
  for (const person of unlisted) {
    try {
      await callStripe(() => stripe.accounts.deletePerson(account, person.id));
    } catch (error) {
      if (!(error instanceof ProviderCallError && error.code === 'resource_missing')) throw error;
    }
  }
}

/**
 * Sends the beneficial owners as owner Persons, then the attestation (company.owners_provided),
 * and reads what Stripe still needs. One key per request: a Person is created under a key of its
 * own, found again by our id in its metadata (a retry after a lost answer), and updated under
 * another; the attestation has its own.
 */
export async function submitOwnersToStripe(
  stripe: Stripe,
  options: { account_id: string; owners: OwnerSubmission[]; idempotency_key: string },
): Promise<{ persons: Record<string, string>; state: ProviderAccountState }> {
  const { account_id: account, idempotency_key: key } = options;
  const listed = await callStripe(() => stripe.accounts.listPersons(account, { relationship: { owner: true }, limit: 100 }));
  const persons: Record<string, string> = {};
  for (const owner of options.owners) {
    const known = owner.person_id ?? listed.data.find((person) => person.metadata?.crewpay_owner === owner.key)?.id;
    const person = await callStripe(() =>
      known
        ? stripe.accounts.updatePerson(account, known, ownerPerson(owner), { idempotencyKey: `${key}:owner:${known}:update` })
        : stripe.accounts.createPerson(
            account,
            { ...(ownerPerson(owner) as Stripe.AccountCreatePersonParams), metadata: { crewpay_owner: owner.key } },
            { idempotencyKey: `${key}:owner:${owner.key}:create` },
          ),
    );
    persons[owner.key] = person.id;
  }
  await removeUnlistedOwners(stripe, account, listed.data, new Set(options.owners.map((owner) => owner.key)));
  await callStripe(() =>
    stripe.accounts.update(account, { company: { owners_provided: true } }, { idempotencyKey: `${key}:owners_provided` }),
  );
  const answered = await callStripe(() => stripe.accounts.retrieve(account));
  return { persons, state: accountState(answered, Math.floor(Date.now() / 1000)) };
}
