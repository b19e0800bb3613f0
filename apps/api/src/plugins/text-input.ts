import type { FastifyInstance } from 'fastify';
import { findNul, textMessages } from '@crewpay/core';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a NUL anywhere in a route's params, query or
 * JSON body is refused with a 400 before validation, whatever the route's own schema says.
 * The shared schemas of core refuse it too (text()), so forms show the same sentence.
 * Headers are checked first, as the request arrives: the client address (X-Forwarded-For behind
 * a proxy), the idempotency key and the device cookie reach SQL before any route runs. Node's
 * HTTP parser already refuses a NUL in a header; this keeps every other way in (inject, an
 * HTTP/2 front) to the same 400.
 */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = findNul(request.headers);
    if (header !== null) throw new AppError('validation_error', textMessages.nul, {});
  });
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) throw new AppError('validation_error', textMessages.nul, field ? { field } : {});
    }
  });
}
