import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { loggableError } from '../lib/log-safe.ts';

type ErrorAnswer = { message: string; code: string; field?: string; [key: string]: unknown };

const INTERNAL_MESSAGE = 'Something went wrong on our side, please try again';
const BUSY_MESSAGE = 'We are busy right now, please try again in a moment';

/** pg-pool's checkout timeout, as thrown or as the cause Drizzle wraps it in. */
function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth += 1)
    if (current.message === 'timeout exceeded when trying to connect') return true;
  return false;
}

/**
 * An error raised while an error answer is being sent (a failing onSend hook) skips this handler:
 * Fastify hands it to its default and fallback handlers, which answer the error's own message
 * (for a database error, the SQL text and its parameters). onError hooks see every error before
 * its handler, so such a second error is logged here and its message replaced by the constant one,
 * and the answer is a 500.
 */
function hideSecondErrors(app: FastifyInstance, answered: WeakSet<object>): void {
  app.addHook('onError', async (request, reply, error) => {
    if (!answered.has(request)) return;
    request.log.error({ error: loggableError(error), request_id: request.id }, 'error while sending an answer');
    Object.defineProperty(error, 'message', { value: INTERNAL_MESSAGE, configurable: true });
    Object.defineProperty(error, 'code', { value: 'internal_error', configurable: true });
    Object.defineProperty(error, 'statusCode', { value: 500, configurable: true });
    reply.code(500);
  });
}

/** The one error handler: every failure answers {message, code}; unexpected 5xx text is hidden and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  /** Requests whose error this handler already answered: a further error goes to Fastify's own handlers. */
  const answered = new WeakSet<object>();
  hideSecondErrors(app, answered);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    answered.add(request);
    if (error instanceof AppError) {
      const answer: ErrorAnswer = { ...error.details, message: error.message, code: error.code };
      if (error.field) answer.field = error.field;
      return reply.status(error.status).send(answer);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation;
      // A path parameter that cannot be an id (/v1/creators/not-a-uuid) names nothing that exists.
      if (error.validationContext === 'params')
        return reply.status(404).send({ message: first?.message ?? 'Not found', code: 'not_found' });
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const isMissingBody = field === '' && first?.keyword === 'invalid_type';
      const message = isMissingBody ? 'The request body must be a JSON object' : (first?.message ?? 'Invalid request');
      return reply.status(400).send({ message, code: 'validation_error', ...(field ? { field } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { error: loggableError(error), issues: error.cause.issues.map((issue) => ({ path: issue.path, code: issue.code })) },
        'response did not match its schema',
      );
      return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'internal_error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: 'Too many requests, please slow down', code: 'rate_limited' });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message, code: status === 415 ? 'unsupported_media_type' : 'bad_request' });
    }
    if (isDatabaseBusy(error)) {
      // Every connection of the pool stayed busy past its checkout timeout: the instance is
      // overloaded, not broken (the soak's 500s on a saturated host). Try again shortly.
      request.log.warn({ error: loggableError(error), request_id: request.id }, 'database pool busy');
      return reply.status(503).header('retry-after', '1').send({ message: BUSY_MESSAGE, code: 'unavailable' });
    }
    request.log.error({ error: loggableError(error), request_id: request.id }, 'unexpected error');
    return reply.status(500).send({ message: INTERNAL_MESSAGE, code: 'internal_error' });
  });
}
