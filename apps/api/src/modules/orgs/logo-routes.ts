import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LOGO_MAX_BYTES, orgRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { readLogo, removeLogo, saveLogo } from './logo.ts';
import { toOrgRecord } from './service.ts';
import { STAFF, MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Organization'];
const tooLarge = () => new AppError('validation_error', 'The logo must be at most 2 MB', { field: 'file' });

/** Its own plugin so the multipart parser (and its size limit) applies to the logo routes only. */
export const orgLogoRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });

    app.get(
      '/org/logo',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: "The organization's logo image (PNG, JPEG or WebP)", produces: ['image/png', 'image/jpeg', 'image/webp'] },
      },
      async (request, reply) => {
        const logo = await readLogo(deps, requireStaff(request).org_id);
        return reply
          .header('content-type', logo.content_type)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline; filename="logo"')
          .send(logo.bytes);
      },
    );

    app.put(
      '/org/logo',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Upload the logo (multipart field "file"; PNG, JPEG or WebP, at most 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        if (!request.isMultipart()) throw new AppError('validation_error', 'Choose an image file', { field: 'file' });
        const file = await request.file();
        if (!file) throw new AppError('validation_error', 'Choose an image file', { field: 'file' });
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          throw error;
        }
        if (file.file.truncated || bytes.length > LOGO_MAX_BYTES) throw tooLarge();
        return toOrgRecord(await saveLogo(deps, { org_id: user.org_id, bytes }));
      },
    );

    app.delete(
      '/org/logo',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: { tags, summary: 'Remove the logo', response: { 200: orgRecord, ...errorResponses } },
      },
      async (request) => toOrgRecord(await removeLogo(deps, requireStaff(request, ['owner', 'admin']).org_id)),
    );
  };
