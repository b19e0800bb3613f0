import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * The deepest JSON body any route accepts. Our own bodies nest three or four levels (a list of
 * rows holding an address); 32 leaves room for any API client while keeping every walk over a
 * body (the NUL check, validation, idempotency hashing) far from the call stack's limit.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and lists`;

const OPEN_OBJECT = 0x7b; // {
const OPEN_LIST = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_LIST = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when the JSON text opens more than `max` objects or lists inside one another. One pass
 * over the text, before it is parsed, so a deep body never becomes a deep object; brackets
 * inside strings do not count. Malformed text is left for the parser to refuse.
 */
export function isJsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (isInString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) isInString = false;
    } else if (char === QUOTE) {
      isInString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_LIST) {
      if (++depth > max) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_LIST) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with the same parser (prototype-poisoning checks included)
 * behind a depth limit: a body nested deeper than MAX_JSON_DEPTH is a 400 on every JSON route.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isJsonDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError('bad_request', JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    // Fastify's own parser answers through done and returns nothing.
    void parseJson(request, body as string, done);
  });
}
