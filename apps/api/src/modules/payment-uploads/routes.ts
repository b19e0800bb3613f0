import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiKeyMessages,
  loginAsMessages,
  MAX_PAYMENT_UPLOAD_BYTES,
  paymentUploadAnswer,
  paymentUploadMessages,
  paymentUploadPreview,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { readIdempotencyKey } from '../../plugins/idempotency.ts';
import { requireFreshFactor } from '../../plugins/policy.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { readPaymentsCsv } from './upload-csv.ts';
import { commitPaymentUpload, previewPaymentUpload, type UploadOptions } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Payments'];
const fileConsumes = ['multipart/form-data', 'text/csv'];
/** Bodies past the file's limit still reach the route, which refuses them with a message (a 400, not a bare 413). */
const BODY_LIMIT = 3 * MAX_PAYMENT_UPLOAD_BYTES;

/**
 * Why the caller may not schedule payments, as POST /v1/payment_schedules would refuse them: a
 * role other than owner or admin, an API key, or acting as someone (login-as).
 */
function scheduleRefusal(request: FastifyRequest): string | null {
  const auth = requireAuth(request);
  if (auth.api_key_id) return apiKeyMessages.notForKeys;
  if (auth.actor) return loginAsMessages.noApproving;
  return auth.user.role === 'owner' || auth.user.role === 'admin' ? null : paymentUploadMessages.scheduleRole;
}

async function uploadOptions(request: FastifyRequest): Promise<UploadOptions> {
  const user = requireStaff(request);
  return { org_id: user.org_id, user_id: user.id, rows: await readPaymentsCsv(request), scheduleRefusal: scheduleRefusal(request) };
}

/**
 * Payments > Upload CSV: a preview of the file (its row errors, with the New Payment form's
 * messages), then its drafts created at once. Who may call them is who may create payments
 * (POST /v1/payments); API keys as api-key-rules.ts opens /v1/payments (payments:write).
 */
export const paymentUploadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_PAYMENT_UPLOAD_BYTES + 1, files: 1 } });
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    // Any other type reaches the route, which answers that the file is not a CSV (a 400 with a message).
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    app.post(
      '/payments/upload/preview',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary: 'What uploading a CSV file of payments would create, and every row error; nothing is written',
          consumes: fileConsumes,
          response: { 200: paymentUploadPreview, ...errorResponses },
        },
      },
      async (request) => previewPaymentUpload(deps, await uploadOptions(request)),
    );

    app.post(
      '/payments/upload',
      {
        config: { policy: { who: STAFF, apiKey: 'payments:write' } },
        schema: {
          tags,
          summary:
            'Create draft payments from a CSV file (multipart field "file" or a text/csv body): all rows or none; once per Idempotency-Key',
          consumes: fileConsumes,
          response: { 200: paymentUploadAnswer, ...errorResponses },
        },
      },
      async (request) => {
        const options = await uploadOptions(request);
        // Rows that schedule move money on their date: a fresh factor, as POST /v1/payment_schedules asks (issue 40).
        if (!options.scheduleRefusal && options.rows.some((row) => row.values.execute_on)) await requireFreshFactor(deps.db, request);
        return commitPaymentUpload(deps, { ...options, key: readIdempotencyKey(request) });
      },
    );
  };
