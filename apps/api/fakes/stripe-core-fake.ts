import { createHash, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { FakeAnswer, FakeRequest } from './http-fake.ts';

export type Json = Record<string, unknown>;
export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export const stripeError = (status: number, error: Json): FakeAnswer => ({ status, body: { error }, headers: { 'request-id': id('req') } });
export const missing = (what: string) =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` });
export const invalid = (param: string, code = 'parameter_missing') =>
  stripeError(400, { type: 'invalid_request_error', code, param, message: `Invalid ${param}` });

/** Queues one Stripe event (event.account set for an event of a connected account). */
export type Emit = (type: string, object: Json, account?: string) => void;

/**
 * One family of Stripe endpoints in the fake (Treasury, accounts, payments ...). The fake asks
 * each module in turn; a module answers null for a path that is not its own. `params` is the
 * form body already parsed; `account` the Stripe-Account header.
 */
export type StripeRouteModule = {
  name: string;
  post?(request: FakeRequest, params: Json, account: string | undefined): FakeAnswer | null;
  get?(request: FakeRequest, account: string | undefined): FakeAnswer | null;
  delete?(request: FakeRequest, account: string | undefined): FakeAnswer | null;
  /** What the module holds, for GET /_fake/state. */
  state?(): Json;
};

/**
 * Stripe's idempotency as documented: a key answers its first answer again (Idempotent-Replayed),
 * a 500 included,
 * and a key reused with other parameters (another path or body) is refused with a 400
 * idempotency_error. Keys are per account (Stripe-Account) and forgotten after 24 hours, like
 * Stripe's, so a retry a day later makes a new object.
 */
export function createIdempotency() {
  const answers = new Map<string, { fingerprint: string; answer: FakeAnswer; at: number }>();
  const DAY_MS = 24 * 3600 * 1000;
  return {
    run(request: FakeRequest, account: string | undefined, key: string, post: () => FakeAnswer): FakeAnswer {
      const scope = `${account ?? 'platform'} ${key}`;
      const fingerprint = createHash('sha256').update(`${request.method} ${request.path} ${request.body}`).digest('hex');
      const earlier = answers.get(scope);
      if (earlier && Date.now() - earlier.at < DAY_MS) {
        if (earlier.fingerprint !== fingerprint)
          return stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        return { ...earlier.answer, headers: { ...earlier.answer.headers, 'idempotent-replayed': 'true' } };
      }
      const answer = post();
      // Stripe saves the first result of a key whatever it is, a 500 too (then replayed for 24 hours), except
      // when the request never began executing: it failed validation (a bad parameter). A scripted failure of
      // the HTTP fake (failNext) stands for one that never reached Stripe, and is not saved.
      const failedValidation = Boolean((answer.body as { error?: { param?: string } } | undefined)?.error?.param);
      if (!failedValidation) answers.set(scope, { fingerprint, answer, at: Date.now() });
      return answer;
    },
    /** Every key ages a day at once (Stripe forgets keys after 24 hours). */
    expireAll() {
      for (const entry of answers.values()) entry.at -= DAY_MS;
    },
  };
}

/** Signs a payload as Stripe signs webhooks (the Stripe-Signature header). */
export const signStripePayload = (payload: string, secret: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/**
 * A list answer as Stripe pages it: newest first, `created[gte]` and `limit` (at most 100), then
 * `starting_after` the last id of the page before; `url` the list's path.
 */
export function listAnswer<T extends Json>(url: string, objects: T[], query: URLSearchParams, view: (object: T) => Json): FakeAnswer {
  const gte = Number(query.get('created[gte]') ?? 0);
  const limit = Math.min(Number(query.get('limit') ?? 10) || 10, 100);
  let found = objects.filter((object) => Number(object.created ?? 0) >= gte).reverse();
  const after = query.get('starting_after');
  if (after) found = found.slice(found.findIndex((object) => object.id === after) + 1);
  return { status: 200, body: { object: 'list', url, has_more: found.length > limit, data: found.slice(0, limit).map(view) } };
}
