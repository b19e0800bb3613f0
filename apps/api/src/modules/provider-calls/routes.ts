import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { receiveProviderWebhook } from './receive.ts';
import { webhookVerifierFor } from './registry.ts';

const params = z.object({ provider: z.string().min(1).max(50) });
const answer = z.object({ received: z.number(), stored: z.number(), applied: z.number() });

/**
 * POST /v1/webhooks/:provider: providers' events (no session; the signature is the proof). The
 * body is kept raw, byte for byte, since the signature is over exactly those bytes.
 */
export const providerWebhookRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      '/webhooks/:provider',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        schema: {
          tags: ['Webhooks'],
          summary: "A provider's signed events (Crewpay-Signature for the sandbox; each provider's own check for the others)",
          params,
          response: { 200: z.union([answer, z.string()]), ...errorResponses },
        },
      },
      async (request, reply) => {
        const received = await receiveProviderWebhook(
          deps,
          request.params.provider,
          typeof request.body === 'string' ? request.body : '',
          request.headers,
        );
        // A provider that wants its own words back (Dropbox Sign) counts anything else as a failed delivery.
        const acknowledgement = webhookVerifierFor(deps, request.params.provider)?.acknowledgement;
        return acknowledgement ? reply.type('text/plain').send(acknowledgement) : received;
      },
    );
  };
