import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractList, contractMessages, contractRecord, loginAsMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { findContractRow, listContractRows, recipientUserScope, toContractRecord } from './queries.ts';
import { fileOf, fileQuery } from './routes.ts';
import { issuePortalSigningLink } from './portal.ts';

const tags = ['Creator portal contracts'];

/** A signed-in external user's own contracts: only those whose recipient is one of their records. */
export const portalContractRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);
    const scopeOf = (request: Parameters<typeof requireAuth>[0]) => recipientUserScope(requireAuth(request).user.id);

    app.get(
      '/creator/contracts',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: 'My contracts', response: { 200: contractList, ...errorResponses } },
      },
      async (request) => ({ data: (await listContractRows(deps.db, scopeOf(request), {})).map(toContractRecord) }),
    );

    app.get(
      '/creator/contracts/:id',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: 'One of my contracts', params: idParams, response: { 200: contractRecord, ...errorResponses } },
      },
      async (request) => toContractRecord(await findContractRow(deps.db, scopeOf(request), request.params.id)),
    );

    app.get(
      '/creator/contracts/:id/file',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: 'Download my contract (the signed copy once signed)', params: idParams, querystring: fileQuery },
      },
      async (request, reply) => {
        const { contract } = await findContractRow(deps.db, scopeOf(request), request.params.id);
        if (contract.status === 'canceled') throw new AppError('conflict', contractMessages.invalidated);
        const file = fileOf(contract, request.query.version);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .send(await storage.read(file.key));
      },
    );

    app.post(
      '/creator/contracts/:id/signing_link',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none', acting: { refused: loginAsMessages.noSigningLinks } } },
        schema: {
          tags,
          summary: 'A signing link for one of my sent contracts (the same flow as the emailed link)',
          params: idParams,
          response: { 200: z.object({ link_id: z.string() }), ...errorResponses },
        },
      },
      async (request) => ({ link_id: await issuePortalSigningLink(deps, scopeOf(request), request.params.id) }),
    );
  };
