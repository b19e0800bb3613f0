import type { FastifyInstance } from 'fastify';
import { findNul, textMessages } from '@crewpay/core';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character: a NUL anywhere in a route's params, query or
 * JSON body is refused with a 400 before validation, whatever the route's own schema says.
 * The shared schemas of core refuse it too (text()), so forms show the same sentence.
 */
export function refuseNulInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) throw new AppError('validation_error', textMessages.nul, field ? { field } : {});
    }
  });
}
