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

export const portalAddress = { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' };

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
