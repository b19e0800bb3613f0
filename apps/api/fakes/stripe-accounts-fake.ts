import { randomBytes } from 'node:crypto';
import type { FakeAnswer } from './http-fake.ts';
import { id, invalid, missing, now, stripeError, type Emit, type Json, type StripeRouteModule } from './stripe-core-fake.ts';
import { OWNER_REQUIREMENTS, OWNERS_TEST_EIN } from '../src/providers/banking/test-accounts.ts';

/** Stripe's test identity numbers: this one fails verification, so Stripe asks for an identity document. */
export const UNVERIFIABLE_TEST_ID_NUMBER = '111111111';

type Person = Json & { id: string; verification_document: boolean };
type Account = Json & { id: string; persons: Map<string, Person>; requirements: Json; capabilities: Record<string, string> };

const get = (object: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), object);

/** What Stripe asks of a US company whose platform collects the requirements (custom-like), Treasury requested. */
const COMPANY_FIELDS = [
  'business_type',
  'company.name',
  'company.tax_id',
  'company.phone',
  'company.address.line1',
  'company.address.city',
  'company.address.state',
  'company.address.postal_code',
  'business_profile.mcc',
  'business_profile.product_description',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
const TREASURY_FIELDS = ['settings.treasury.tos_acceptance.date', 'settings.treasury.tos_acceptance.ip'];
const PERSON_FIELDS = [
  'first_name',
  'last_name',
  'dob.day',
  'dob.month',
  'dob.year',
  'phone',
  'id_number',
  'address.line1',
  'address.city',
  'address.state',
  'address.postal_code',
  'relationship.title',
];

const NUMBERS = new Set(['date', 'day', 'month', 'year', 'percent_ownership']);
const BOOLEANS = new Set([
  'representative',
  'executive',
  'owner',
  'director',
  'authorizer',
  'legal_guardian',
  'owners_provided',
  'directors_provided',
  'executives_provided',
]);

/**
 * A stored object in the types Stripe answers: the form sends every value as text, Stripe answers
 * dates and dob parts as integers and relationship flags as booleans (metadata stays text).
 */
function typed(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((entry) => typed(entry));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, key === 'metadata' ? entry : typed(entry, name)]));
  if (typeof value !== 'string') return value;
  if (NUMBERS.has(key) && value !== '' && Number.isFinite(Number(value))) return Number(value);
  if (BOOLEANS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Deep merge of a form update into an object (Stripe's nested parameters). */
function merge(target: Json, update: Json) {
  for (const [key, value] of Object.entries(update)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) merge((target[key] ??= {}) as Json, value as Json);
    else target[key] = value;
  }
}

/**
 * Connected accounts as Stripe documents them for a Treasury platform: POST /v1/accounts refuses
 * to request the treasury capability unless the platform collects the requirements, takes the
 * losses and the account has no Stripe dashboard; the account's requirements stay currently_due
 * (capabilities inactive) until they are submitted (POST /v1/accounts/:id, persons under
 * /v1/accounts/:id/persons); an unverifiable identity number asks for a document, which the
 * hosted onboarding of an account link collects. Every change of requirements or capabilities
 * is an account.updated event; a capability becoming active is reported to `onActive`.
 */
export function createAccountsFake(emit: Emit, options: { baseUrl: () => string; onActive: (account: string) => void }) {
  const accounts = new Map<string, Account>();
  const links = new Map<string, { account: string; expires_at: number }>();

  const representative = (account: Account) =>
    [...account.persons.values()].find((person) => get(person, 'relationship.representative') === 'true');

  function requirementsOf(account: Account): string[] {
    const due = COMPANY_FIELDS.filter((field) => get(account, field) === undefined);
    if (account.capabilities.treasury !== undefined) due.push(...TREASURY_FIELDS.filter((field) => get(account, field) === undefined));
    const person = representative(account);
    if (!person) due.push('representative.first_name', 'representative.last_name', 'representative.id_number');
    else {
      due.push(...PERSON_FIELDS.filter((field) => get(person, field) === undefined).map((field) => `representative.${field}`));
      if (person.id_number === UNVERIFIABLE_TEST_ID_NUMBER && !person.verification_document)
        due.push('representative.verification.document');
    }
    return [...due, ...ownersDue(account)];
  }

  const owners = (account: Account) => [...account.persons.values()].filter((person) => get(person, 'relationship.owner') === 'true');

  /**
   * A company with the owners test EIN: its owners (25% or more each, with their percentage) and
   * the attestation that all are given; an owner Person missing a field asks for it by its id.
   */
  function ownersDue(account: Account): string[] {
    if (get(account, 'company.tax_id') !== OWNERS_TEST_EIN) return [];
    const given = owners(account);
    const missingFields = given.flatMap((person) =>
      ['first_name', 'last_name', 'dob.day', 'email', 'address.line1', 'relationship.percent_ownership']
        .filter((field) => get(person, field) === undefined)
        .map((field) => `${person.id}.${field}`),
    );
    if (get(account, 'company.owners_provided') === 'true') return missingFields;
    return given.length > 0 ? ['company.owners_provided', ...missingFields] : OWNER_REQUIREMENTS;
  }

  /** Recomputes requirements and capabilities; answers whether anything changed (then account.updated is sent). */
  function refresh(account: Account): void {
    const due = requirementsOf(account);
    const before = JSON.stringify([account.requirements, account.capabilities]);
    const documentError = due.includes('representative.verification.document')
      ? [
          {
            code: 'verification_failed_id_number_match',
            reason: 'The identity number could not be verified.',
            requirement: 'representative.verification.document',
          },
        ]
      : [];
    account.requirements = {
      currently_due: due,
      eventually_due: due,
      past_due: due,
      pending_verification: [],
      errors: documentError,
      current_deadline: null,
      disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    };
    const wasActive = account.capabilities.treasury === 'active';
    for (const capability of Object.keys(account.capabilities)) account.capabilities[capability] = due.length > 0 ? 'inactive' : 'active';
    Object.assign(account, { charges_enabled: due.length === 0, payouts_enabled: due.length === 0, details_submitted: due.length === 0 });
    if (JSON.stringify([account.requirements, account.capabilities]) === before) return;
    emit('account.updated', view(account), account.id);
    if (!wasActive && account.capabilities.treasury === 'active') options.onActive(account.id);
  }

  function view(account: Account): Json {
    const { persons: _persons, company, ...rest } = account;
    const { tax_id: taxId, ...companyView } = (company ?? {}) as Json;
    return typed(structuredClone({ ...rest, company: { ...companyView, tax_id_provided: taxId !== undefined } })) as Json;
  }

  function create(params: Json): FakeAnswer {
    const controller = (params.controller ?? {}) as Json;
    const requested = Object.entries((params.capabilities ?? {}) as Record<string, { requested?: string }>).filter(
      ([, value]) => value.requested === 'true',
    );
    const platformCollects =
      get(controller, 'requirement_collection') === 'application' &&
      get(controller, 'losses.payments') === 'application' &&
      get(controller, 'stripe_dashboard.type') === 'none';
    if (requested.some(([name]) => name === 'treasury') && !platformCollects)
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'capabilities[treasury]',
        message:
          'The treasury capability can only be requested for accounts whose platform collects requirements, is liable for losses and gives no Stripe dashboard.',
      });
    const { capabilities: _capabilities, ...fields } = params;
    const account: Account = {
      id: id('acct'),
      object: 'account',
      created: now(),
      country: 'US',
      metadata: {},
      ...structuredClone(fields),
      persons: new Map(),
      requirements: {},
      capabilities: Object.fromEntries(requested.map(([name]) => [name, 'inactive'])),
    };
    accounts.set(account.id, account);
    refresh(account);
    return { status: 200, body: view(account) };
  }

  function upsertPerson(account: Account, personId: string | undefined, params: Json): FakeAnswer {
    // Stripe's percentage: a number from 0 to 100 (it may have decimals).
    const percent = get(params, 'relationship.percent_ownership');
    if (percent !== undefined && percent !== '' && !(Number.isFinite(Number(percent)) && Number(percent) >= 0 && Number(percent) <= 100))
      return invalid('relationship[percent_ownership]', 'parameter_invalid_integer');
    const person = personId
      ? account.persons.get(personId)
      : ({ id: id('person'), object: 'person', account: account.id, verification_document: false } as Person);
    if (!person) return missing('person');
    merge(person, params);
    account.persons.set(person.id, person);
    refresh(account);
    const { id_number: idNumber, verification_document: _document, ...rest } = person;
    return { status: 200, body: typed({ ...structuredClone(rest), id_number_provided: idNumber !== undefined }) };
  }

  const module: StripeRouteModule = {
    name: 'accounts',
    post(request, params) {
      const [, , collection, accountId, sub, subId] = request.path.split('/');
      if (request.path === '/v1/accounts') return create(params);
      if (request.path === '/v1/account_links') {
        const account = accounts.get(params.account as string);
        if (!account) return missing('account');
        const token = randomBytes(12).toString('hex');
        links.set(token, { account: account.id, expires_at: now() + 300 });
        return {
          status: 200,
          body: {
            object: 'account_link',
            created: now(),
            expires_at: now() + 300,
            url: `${options.baseUrl()}/_fake/account_links/${token}`,
          },
        };
      }
      if (collection !== 'accounts' || !accountId) return null;
      const account = accounts.get(accountId);
      if (!account) return missing('account');
      if (sub === 'persons') return upsertPerson(account, subId, params);
      if (sub) return null;
      if (params.capabilities) return invalid('capabilities', 'parameter_unknown');
      merge(account, params);
      // Asked for as 'minimum', answered as the number of days it is (2 for a US account).
      const schedule = get(account, 'settings.payouts.schedule') as Json | undefined;
      if (schedule?.delay_days === 'minimum') schedule.delay_days = 2;
      refresh(account);
      return { status: 200, body: view(account) };
    },
    get(request) {
      const [, , collection, accountId, sub] = request.path.split('/');
      if (collection !== 'accounts' || !accountId) return null;
      const account = accounts.get(accountId);
      if (!account) return missing('account');
      if (sub === 'persons') {
        const onlyRepresentative = request.query.get('relationship[representative]') === 'true';
        const onlyOwners = request.query.get('relationship[owner]') === 'true';
        const data = [...account.persons.values()]
          .filter((person) => !onlyRepresentative || get(person, 'relationship.representative') === 'true')
          .filter((person) => !onlyOwners || get(person, 'relationship.owner') === 'true')
          .map(({ id_number: idNumber, verification_document: _document, ...person }) =>
            typed({ ...structuredClone(person), id_number_provided: idNumber !== undefined }),
          );
        return { status: 200, body: { object: 'list', has_more: false, data } };
      }
      return sub ? null : { status: 200, body: view(account) };
    },
    /** DELETE /v1/accounts/:id/persons/:person: the person goes (the representative cannot: Stripe asks for another first). */
    delete(request) {
      const [, , collection, accountId, sub, personId] = request.path.split('/');
      if (collection !== 'accounts' || !accountId || sub !== 'persons' || !personId) return null;
      const account = accounts.get(accountId);
      if (!account) return missing('account');
      const person = account.persons.get(personId);
      if (!person) return missing('person');
      if (get(person, 'relationship.representative') === 'true')
        return stripeError(400, {
          type: 'invalid_request_error',
          message: 'You cannot delete the representative of an account; make another person the representative first.',
        });
      account.persons.delete(personId);
      refresh(account);
      return { status: 200, body: { id: personId, object: 'person', deleted: true } };
    },
    state: () => ({ accounts: [...accounts.values()].map((account) => ({ ...view(account), persons: account.persons.size })) }),
  };

  return {
    module,
    /** Stripe's hosted onboarding of an account link: the owner uploads the identity document asked for. */
    submitDocument(token: string): boolean {
      const link = links.get(token);
      const account = link && link.expires_at >= now() ? accounts.get(link.account) : undefined;
      const person = account && representative(account);
      if (!account || !person) return false;
      person.verification_document = true;
      refresh(account);
      return true;
    },
    requirementsOf: (accountId: string) => (accounts.get(accountId)?.requirements.currently_due as string[] | undefined) ?? null,
    isTreasuryActive: (accountId: string) => accounts.get(accountId)?.capabilities.treasury === 'active',
    exists: (accountId: string) => accounts.has(accountId),
    /** The account's controller.fees.payer: 'application' when the platform pays Stripe's fees (payments fake). */
    capabilityOf: (accountId: string, capability: string) => accounts.get(accountId)?.capabilities[capability],
    feesPayerOf: (accountId: string) => get(accounts.get(accountId), 'controller.fees.payer') as string | undefined,
    payoutScheduleOf: (accountId: string) => get(accounts.get(accountId), 'settings.payouts.schedule.interval') as string | undefined,
  };
}
