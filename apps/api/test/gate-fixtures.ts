import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { addCampaign } from './campaign-fixtures.ts';
import { addCreator, latestLinkId } from './fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from './payment-fixtures.ts';

type Headers = Record<string, string>;

/** A funded owner, a campaign, a creator with a bank and one campaign draft to them. */
export async function campaignDraft(app: FastifyInstance, amount = 100_000) {
  const owner = await fundedOwner(app, amount);
  const campaign = await addCampaign(app, owner.headers);
  const creator = await addCreator(app, owner.headers, BANK);
  const [draft] = await createDrafts(app, owner.headers, [paymentRow(creator.id, 10_000, { payment_group_id: campaign.id })]);
  return { owner, campaign, creator, draft: draft! };
}

/** PUT /v1/payments/:id/gate. */
export const setGate = (app: FastifyInstance, headers: Headers, id: string, payload: unknown) =>
  injector(app)('PUT', `/v1/payments/${id}/gate`, headers, payload);

export async function addDeliverable(
  app: FastifyInstance,
  headers: Headers,
  campaignId: string,
  creatorId: string,
  description = 'Launch reel',
) {
  const response = await injector(app)('POST', '/v1/deliverables', headers, {
    campaign_id: campaignId,
    creator_id: creatorId,
    description,
    quantity: 1,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>();
}

/** The creator signs the contract emailed to them last. */
export const signLatestContract = async (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: `/v1/contract_signing/${await latestLinkId(app, email, '/sign/')}`,
    headers: { 'user-agent': 'Vitest Browser/1.0' },
    payload: { signer_name: 'Casey Creator', signature_type: 'typed', consent: true },
  });
