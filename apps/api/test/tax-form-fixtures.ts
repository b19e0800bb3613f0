import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { readOutbox } from './fixtures.ts';
import { creatorSignsIn } from './portal-fixtures.ts';
import { createDrafts, injector, paymentRow } from './payment-fixtures.ts';

type Headers = Record<string, string>;

/** A W-9 of an individual, signed; `extra` overrides fields. */
export const w9Form = (extra: object = {}) => ({
  form_type: 'w9',
  name: 'Wanda Nine',
  business_name: '',
  tax_classification: 'individual',
  address: { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' },
  tin_type: 'ssn',
  tin: '123-45-6789',
  signer_name: 'Wanda Nine',
  certified: true,
  ...extra,
});

export const w8benForm = (extra: object = {}) => ({
  form_type: 'w8ben',
  name: 'Benoit Huit',
  country_of_citizenship: 'FR',
  address: { line_1: '8 rue de la Paix', city: 'Paris', postal_code: '75002', country: 'FR' },
  date_of_birth: '1988-03-14',
  foreign_tin: 'FR-1234567890',
  treaty_country: 'FR',
  treaty_article: '14',
  treaty_rate: 0,
  treaty_income_type: 'Independent personal services',
  signer_name: 'Benoit Huit',
  certified: true,
  ...extra,
});

/** A payee link for the creator: a payment of theirs executed without payout details waits for it. */
export async function payeeLinkOf(app: FastifyInstance, headers: Headers, creator: { id: string; email: string }) {
  const [draft] = await createDrafts(app, headers, [paymentRow(creator.id, 10_000)]);
  const initiated = await injector(app)('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] });
  expect(initiated.json().requires_info).toBe(1);
  const outbox = await readOutbox(app);
  return outbox
    .filter((item) => item.to === creator.email)
    .at(-1)!
    .links[0]!.split('/bankDetails?id=')[1]!;
}

/** The creator signs in to the portal and answers the consent to receiving tax forms electronically. */
export async function answerDeliveryConsent(app: FastifyInstance, creator: { id: string; email: string }, consented = true) {
  const headers = await creatorSignsIn(app, creator.email);
  const answered = await injector(app)('POST', `/v1/portal/tax_delivery_consent/${creator.id}`, headers, { consented });
  expect(answered.statusCode, answered.body).toBe(200);
  return headers;
}
