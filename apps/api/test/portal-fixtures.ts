import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PASSWORD, authHeaders, latestLinkId, uniqueEmail } from './fixtures.ts';

type Headers = Record<string, string>;

/** A creator added by the organisation of `ownerHeaders` (with `email`); answers the creator row. */
export async function addCreatorWithEmail(app: FastifyInstance, ownerHeaders: Headers, email: string, extra: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/creators',
    headers: ownerHeaders,
    payload: { email, first_name: 'Casey', last_name: 'Creator', ...extra },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; email: string; user_id: string }>();
}

/** The creator chooses a password from their invitation link: answers the portal session headers. */
export async function creatorSignsIn(app: FastifyInstance, email: string): Promise<Headers> {
  const linkId = await latestLinkId(app, email, '/resetPassword/');
  const session = await app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
  expect(session.statusCode, session.body).toBe(200);
  return authHeaders(session.json<{ auth_token: string }>().auth_token);
}

/** A creator of the organisation who has signed in to the portal. */
export async function portalCreator(app: FastifyInstance, ownerHeaders: Headers, extra: object = {}) {
  const email = uniqueEmail('portal');
  const creator = await addCreatorWithEmail(app, ownerHeaders, email, extra);
  return { ...creator, headers: await creatorSignsIn(app, email) };
}

const portalAddress = { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' };

/** A complete individual update with a bank account. */
export const individualUpdate = (extra: object = {}) => ({
  selected_payment_method: 'stripe',
  account_number: '000123456789',
  routing_number: '110000000',
  entity_type: 'individual',
  tax_id: '123456789',
  first_name: 'Casey',
  last_name: 'Creator',
  date_of_birth: '1990-04-01',
  address: portalAddress,
  ...extra,
});

/**
 * An agent and/or manager of the organisation (POST /v1/users without a role: an external payee
 * account) who signs in to the portal through the set-new-password email. Answers their user id.
 */
export async function portalAgent(app: FastifyInstance, ownerHeaders: Headers, flags = { is_agent: true, is_manager: false }) {
  const email = uniqueEmail('agent');
  const added = await app.inject({
    method: 'POST',
    url: '/v1/users',
    headers: ownerHeaders,
    payload: { email, first_name: 'Avery', last_name: 'Agent', ...flags },
  });
  expect(added.statusCode, added.body).toBe(200);
  // Its own address per call: the reset is rate limited per IP.
  const remoteAddress = `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
  const reset = await app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email }, remoteAddress });
  expect(reset.statusCode, reset.body).toBe(200);
  return { id: added.json<{ id: string }>().id, email, headers: await creatorSignsIn(app, email) };
}
const randomOctet = () => Math.floor(Math.random() * 254) + 1;

/** Each field of the portal's update with the message document 001 section 5 gives it. */
export const portalValidationCases: [string, object, string][] = [
  ['account number missing', { account_number: '' }, 'This field is required'],
  ['account number letters', { account_number: '12ab' }, 'Account number must be digits only'],
  ['routing number short', { routing_number: '12345' }, 'This field is required and must be 9 digits'],
  ['PayPal email', { selected_payment_method: 'paypal', paypal_email: 'nope' }, 'This field is required and must be an email address'],
  [
    'Venmo phone',
    { selected_payment_method: 'venmo', venmo_phone_number: '123' },
    'This field is required and must be a valid US phone number',
  ],
  ['SSN', { tax_id: '1234' }, 'This field is required and must be 9 digits'],
  ['first name', { first_name: ' ' }, 'This field is required'],
  ['last name', { last_name: '' }, 'This field is required'],
  ['date of birth', { date_of_birth: '2020-13-01' }, 'This field is required and must be a valid date of birth'],
  ['zip', { address: { line_1: '1 Main', city: 'Austin', state: 'TX', zip: '123' } }, 'This field is required and must be 5 digits'],
  ['state', { address: { line_1: '1 Main', city: 'Austin', state: 'T', zip: '78701' } }, 'This field is required and must be a US state'],
  ['address 1', { address: { line_1: '', city: 'Austin', state: 'TX', zip: '78701' } }, 'This field is required'],
  ['city', { address: { line_1: '1 Main', city: '', state: 'TX', zip: '78701' } }, 'This field is required'],
  ['legal entity type', { entity_type: 'corp', business_name: 'X' }, 'This field is required'],
  ['business name', { entity_type: 'c_corp', business_name: '' }, 'This field is required'],
  ['EIN', { entity_type: 'c_corp', business_name: 'X', tax_id: '12-34' }, 'This field is required and must be 9 digits'],
];
