import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkAnswer, bulkImportQuery, importPreview, inviteCreatorsAnswer, inviteCreatorsBody, pendingInvitations } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { readIdempotencyKey } from '../../plugins/idempotency.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { assertRowCount, bulkCreateCreators, previewCreatorsImport } from './bulk.ts';
import { parseCreatorsCsv, type CsvRow } from './csv.ts';
import { countLaterInvitations, inviteCreators } from './invitations.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Creators'];
const bulkJsonRows = z
  .array(
    z.record(
      z.string(),
      z.union([z.string(), z.null()]).transform((value) => value ?? ''),
    ),
  )
  .max(10_000);
const fileConsumes = ['multipart/form-data', 'text/csv', 'application/json'];

/** The rows of an import: a multipart "file", a text/csv body or a JSON array of rows. */
async function readRows(request: FastifyRequest): Promise<CsvRow[]> {
  let rows: CsvRow[];
  if (request.isMultipart()) {
    const file = await request.file();
    if (!file) throw new AppError('validation_error', 'Choose a CSV file', { field: 'file' });
    const bytes = await file.toBuffer();
    rows = parseCreatorsCsv({ mimetype: file.mimetype, bytes });
  } else if (Buffer.isBuffer(request.body)) {
    rows = parseCreatorsCsv({ mimetype: request.headers['content-type'] ?? '', bytes: request.body });
  } else {
    const parsed = bulkJsonRows.safeParse(request.body);
    if (!parsed.success) throw new AppError('validation_error', 'Send a CSV file or an array of rows', { field: 'file' });
    rows = parsed.data.map((values, index) => ({
      line: index + 1,
      values: Object.fromEntries(Object.entries(values).map(([key, value]) => [key.trim().toLowerCase(), value.trim()])),
    }));
  }
  assertRowCount(rows);
  return rows;
}

/**
 * The creators import (preview, then confirm with an invitation choice) and the invitations left
 * for later. Registered inside creatorRoutes, whose multipart and text/csv parsers it uses.
 */
export const importRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/creators/bulk/preview',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary: 'What importing a CSV file of creators would do, without adding anyone (same inputs as /creators/bulk)',
          consumes: fileConsumes,
          response: { 200: importPreview, ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        return previewCreatorsImport(deps, { org_id: user.org_id, rows: await readRows(request) });
      },
    );

    app.post(
      '/creators/bulk',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary:
            'Add creators from a CSV file (multipart field "file", or a text/csv body, or a JSON array of rows); invite=now|later|never; once per Idempotency-Key',
          consumes: fileConsumes,
          querystring: bulkImportQuery,
          response: { 200: bulkAnswer, ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const rows = await readRows(request);
        return bulkCreateCreators(deps, {
          org_id: user.org_id,
          created_by: user.id,
          rows,
          invite: request.query.invite,
          key: readIdempotencyKey(request),
        });
      },
    );

    app.get(
      '/creators/invitations',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'How many creators wait for the invitation an import left for later',
          response: { 200: pendingInvitations, ...errorResponses },
        },
      },
      async (request) => ({ later: await countLaterInvitations(deps.db, requireStaff(request).org_id) }),
    );

    app.post(
      '/creators/invitations',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary: 'Email the portal invitation to the chosen creators not invited yet, or to every creator left for later',
          body: inviteCreatorsBody,
          response: { 200: inviteCreatorsAnswer, ...errorResponses },
        },
      },
      async (request) => inviteCreators(deps, { org_id: requireStaff(request).org_id, target: request.body }),
    );
  };
