import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignFileList,
  campaignFileMessages,
  campaignFileRecord,
  listCampaignFilesQuery,
  MAX_CAMPAIGN_FILE_BYTES,
  uploadCampaignFileFields,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from './sniff.ts';
import { deleteCampaignFile, listCampaignFiles, openCampaignFile, uploadCampaignFile } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Campaign files'];
const deletedAnswer = z.object({ message: z.string(), id: z.string() });
const uploadQuery = z.object({ payment_group_id: z.string().max(100).optional() });

/** Staff (owner, admin, team member) upload, list, download and delete a campaign's files. */
export const campaignFileRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);
    // One byte over the limit is enough to know a file is too large.
    await app.register(multipart, { limits: { fileSize: MAX_CAMPAIGN_FILE_BYTES + 1, files: 1, fields: 5, fieldSize: 1000 } });

    app.get(
      '/campaign_files',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A campaign's files",
          querystring: listCampaignFilesQuery,
          response: { 200: campaignFileList, ...errorResponses },
        },
      },
      async (request) => ({
        data: await listCampaignFiles(deps.db, { org_id: requireStaff(request).org_id, payment_group_id: request.query.payment_group_id }),
      }),
    );

    app.get(
      '/campaign_files/:id/source',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: "A file's bytes, as an attachment with its detected content type", params: idParams },
      },
      async (request, reply) => {
        const { file, stream } = await openCampaignFile(
          { db: deps.db, storage },
          { org_id: requireStaff(request).org_id, id: request.params.id },
        );
        return reply
          .header('content-type', file.content_type)
          .header('content-length', String(file.size))
          .header('content-disposition', attachmentDisposition(file.file_name))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    app.post(
      '/campaign_files',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: {
          tags,
          summary: `Upload a file to a campaign (multipart: file and payment_group_id; at most ${MAX_CAMPAIGN_FILE_BYTES} bytes)`,
          description: 'payment_group_id may also come in the query string, for clients that send the file first.',
          consumes: ['multipart/form-data'],
          querystring: uploadQuery,
          response: { 200: campaignFileRecord, ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data', { field: 'file' });
        const fields: Record<string, string> = {};
        let upload: { file_name: string; bytes: Buffer } | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          } else if (part.fieldname === 'file' && !upload) {
            const bytes = await part.toBuffer().catch((error: unknown) => {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
                throw new AppError('validation_error', campaignFileMessages.tooLarge, { field: 'file' });
              throw error;
            });
            upload = { file_name: part.filename, bytes };
          } else {
            part.file.resume();
          }
        }
        const parsed = uploadCampaignFileFields.safeParse({ payment_group_id: fields.payment_group_id ?? request.query.payment_group_id });
        if (!parsed.success) throw new AppError('validation_error', campaignFileMessages.missingGroup, { field: 'payment_group_id' });
        if (!upload) throw new AppError('validation_error', campaignFileMessages.missingFile, { field: 'file' });
        return uploadCampaignFile(
          { db: deps.db, storage },
          { org_id: user.org_id, user_id: user.id, payment_group_id: parsed.data.payment_group_id, ...upload },
        );
      },
    );

    app.delete(
      '/campaign_files/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'campaigns:write' } },
        schema: { tags, summary: 'Delete a campaign file', params: idParams, response: { 200: deletedAnswer, ...errorResponses } },
      },
      async (request) => {
        await deleteCampaignFile({ db: deps.db, storage }, { org_id: requireStaff(request).org_id, id: request.params.id });
        return { message: campaignFileMessages.deleted, id: request.params.id };
      },
    );
  };
