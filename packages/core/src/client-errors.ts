import { z } from 'zod';
import { CLIENT_ERROR_LIMITS } from './client-error-text.ts';

export { CLIENT_ERROR_LIMITS, reportPath, reportStack, scrubReportText } from './client-error-text.ts';

/**
 * What the browser reports when a page fails to render or an API call fails (POST
 * /v1/client_errors). It names the failure, never the person: texts go through
 * scrubReportText on both sides, paths become patterns, and nothing else is sent.
 */
export const clientErrorReport = z.strictObject({
  kind: z.enum(['render', 'api']),
  /** The error's class (TypeError, ApiError). */
  name: z.string().max(CLIENT_ERROR_LIMITS.name),
  message: z.string().max(CLIENT_ERROR_LIMITS.message),
  /** The page, as a pattern (/creators/:id). */
  page: z.string().max(CLIENT_ERROR_LIMITS.path),
  /** Source locations only (at Component (index-abc.js:1:2345)). */
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
  /** The failed call of an `api` report. */
  call: z
    .strictObject({
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      path: z.string().max(CLIENT_ERROR_LIMITS.path),
      /** 0 when no answer came (offline, the server unreachable). */
      status: z.number().int().min(0).max(599),
    })
    .optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;
