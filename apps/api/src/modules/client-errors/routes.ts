import { z } from 'zod';
import { clientErrorReport } from '@crewpay/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { sendToSentry } from '../../providers/error-tracking/index.ts';
import { withinClientErrorCaps } from './caps.ts';
import { describeClientError } from './report.ts';

/**
 * The browser's error reports (a page that failed to render, an API call that failed): logged
 * without personal data, and forwarded to SENTRY_DSN when set. Open to anyone, signed in or not
 * (the sign-in page can fail too), so it is small, capped per address and for everyone an hour
 * (caps.ts), and tells the sender nothing.
 */
export const clientErrorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/client_errors',
      {
        config: { policy: { who: 'public', apiKey: 'none' } },
        bodyLimit: 16 * 1024,
        schema: {
          summary: "Report a browser error (the page's render failed, or an API call did): no personal data",
          body: clientErrorReport,
          response: { 204: z.null().describe('Received'), ...errorResponses },
        },
      },
      async (request, reply) => {
        if (!(await withinClientErrorCaps(deps.db, request.ip))) return reply.status(204).send(null);
        const error = describeClientError(request.body);
        request.log.warn({ client_error: error }, 'browser error');
        const dsn = deps.config.sentryDsn;
        if (dsn) {
          // Not awaited: the browser need not wait for the tracker, and a tracker down changes nothing here.
          sendToSentry(dsn, error, { environment: deps.config.isSandbox ? 'sandbox' : 'production' }).catch((failure: unknown) =>
            request.log.warn({ reason: failure instanceof Error ? failure.message : 'unknown' }, 'error tracker unreachable'),
          );
        }
        return reply.status(204).send(null);
      },
    );
  };
