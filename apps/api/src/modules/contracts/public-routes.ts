import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginAsMessages, signContractBody, signingView } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { describeSigningLink, signingLinkDocument, signThroughLink } from './public.ts';

const tags = ['Contract signing'];
const linkParams = z.object({
  linkId: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Sorry! This link is no longer valid.'),
});

/** The public signing page's calls: no session, the unguessable emailed link is the key. */
export const contractSigningRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);
    const limited = { policy: { who: 'public', apiKey: 'read' } as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

    app.get(
      '/contract_signing/:linkId',
      {
        config: limited,
        schema: { tags, summary: 'What the signer sees', params: linkParams, response: { 200: signingView, ...errorResponses } },
      },
      async (request) => describeSigningLink(deps, request.params.linkId),
    );

    app.get(
      '/contract_signing/:linkId/document',
      { config: limited, schema: { tags, summary: 'The PDF to sign, or the signed copy once signed', params: linkParams } },
      async (request, reply) => {
        const file = await signingLinkDocument(deps, request.params.linkId);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(file.file_name))
          .header('cache-control', 'private, no-store')
          .send(await storage.read(file.key));
      },
    );

    app.post(
      '/contract_signing/:linkId',
      {
        config: {
          policy: { who: 'public', apiKey: 'none', acting: { refused: loginAsMessages.noSigning } },
          rateLimit: { max: 20, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          summary: 'Sign: typed or drawn signature with consent',
          params: linkParams,
          body: signContractBody,
          response: { 200: signingView, ...errorResponses },
        },
      },
      async (request) =>
        signThroughLink(deps, {
          linkId: request.params.linkId,
          ...request.body,
          ip: request.ip,
          user_agent: String(request.headers['user-agent'] ?? ''),
        }),
    );
  };
