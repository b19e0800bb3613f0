import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_BULK_FILE_BYTES,
  canManageWallets,
  createCreatorBody,
  creatorExportQuery,
  creatorPage,
  creatorRecord,
  listCreatorsQuery,
  updateCreatorBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { resolveQuickbooksParty } from '../accounting/index.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { importRoutes } from './import-routes.ts';
import { allCreators, creatorsCsv } from './export.ts';
import { getCreator, listCreators } from './queries.ts';
import { createCreator, updateCreator } from './service.ts';

const tags = ['Creators'];

export const creatorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_BULK_FILE_BYTES, files: 1 } });
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: MAX_BULK_FILE_BYTES }, (_request, body, done) => done(null, body));

    app.get(
      '/creators',
      {
        schema: {
          tags,
          summary: "The organization's creators, one page at a time",
          querystring: listCreatorsQuery,
          response: { 200: creatorPage, ...errorResponses },
        },
      },
      async (request) => listCreators(deps.db, { org_id: requireStaff(request).org_id, ...request.query }),
    );

    app.get(
      '/creators/export',
      {
        schema: { tags, summary: 'creators_report.csv of the filtered list (formula-like cells escaped)', querystring: creatorExportQuery },
      },
      async (request, reply) => {
        const chunks = allCreators(deps.db, { org_id: requireStaff(request).org_id, ...request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="creators_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(creatorsCsv(chunks)));
      },
    );

    app.get(
      '/creators/:id',
      { schema: { tags, summary: 'One creator', params: idParams, response: { 200: creatorRecord, ...errorResponses } } },
      async (request) => getCreator(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/creators',
      {
        schema: {
          tags,
          summary: 'Add a creator and email them an invitation',
          body: createCreatorBody,
          response: { 200: creatorRecord, ...errorResponses },
        },
      },
      async (request) => createCreator(deps, { org_id: requireStaff(request).org_id, body: request.body }),
    );

    app.put(
      '/creators/:id',
      {
        schema: {
          tags,
          summary: 'Update a creator (the id plus the changed fields)',
          params: idParams,
          body: updateCreatorBody,
          response: { 200: creatorRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        // Employment and withholding decide how much tax is kept back: owners and admins only.
        const touchesWithholding = request.body.is_w2 !== undefined || request.body.custom_withholding_rate !== undefined;
        if (touchesWithholding && !canManageWallets(user.role)) {
          throw new AppError('forbidden', 'Only an owner or admin can change W-2 status or the withholding rate');
        }
        const { qb_vendor, ...rest } = request.body;
        // The accounting vendor link is checked against the company's vendors (outside any transaction).
        const body =
          qb_vendor === undefined ? rest : { ...rest, qb_vendor: await resolveQuickbooksParty(deps, user.org_id, 'vendor', qb_vendor) };
        return updateCreator(deps, { org_id: user.org_id, id: request.params.id, body, actor: user });
      },
    );

    await app.register(importRoutes(deps));
  };
