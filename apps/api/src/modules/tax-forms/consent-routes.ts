import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taxDeliveryConsent, taxDeliveryConsentBody, type TaxDeliveryConsentBody, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { payeeOfLink } from './access.ts';
import { latestDeliveryConsents, recordDeliveryConsent } from './consents.ts';
import type { PayeeRef } from './records.ts';

const tags = ['Tax forms'];
const linkQuery = z.object({ id: z.string().min(1).max(100) });

/** Gives or withdraws the payee's consent, with the request's IP and user agent as the evidence. */
export function recordPayeeConsent(
  deps: AppDeps,
  request: FastifyRequest,
  options: { payee: PayeeRef; body: TaxDeliveryConsentBody; source: 'payee_link' | 'portal' },
) {
  const { payee, source } = options;
  const { consented } = options.body;
  const signer = { ip_address: request.ip, user_agent: request.headers['user-agent'] ?? 'unknown' };
  return recordDeliveryConsent(deps.db, { payee, consented, signer, source });
}

/** The payee link's consent to electronic delivery, read and answered by the payee on the W-9/W-8 step. */
export function linkConsentRoutes(deps: AppDeps, app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/expiring_link/tax_delivery_consent',
    {
      config: { policy: { who: 'public', apiKey: 'read' } },
      schema: {
        tags,
        summary: "The payee link's latest answer on receiving tax forms electronically (null when never answered)",
        security: [],
        querystring: linkQuery,
        response: { 200: taxDeliveryConsent, ...errorResponses },
      },
    },
    async (request) => {
      const payee = await payeeOfLink(deps.db, request.query.id);
      return (await latestDeliveryConsents(deps.db, [payee.id]))[0] ?? null;
    },
  );
  routes.post(
    '/expiring_link/tax_delivery_consent',
    {
      config: { policy: { who: 'public', apiKey: 'none', acting: { refused: loginAsMessages.noLinks } } },
      schema: {
        tags,
        summary: 'Give or withdraw consent to receive tax forms (1099, W-2) electronically, through a payee link',
        security: [],
        querystring: linkQuery,
        body: taxDeliveryConsentBody,
        response: { 200: taxDeliveryConsent, ...errorResponses },
      },
    },
    async (request) =>
      recordPayeeConsent(deps, request, { payee: await payeeOfLink(deps.db, request.query.id), body: request.body, source: 'payee_link' }),
  );
}
