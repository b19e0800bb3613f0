import type { FakeAnswer, FakeRequest } from '../http-fake.ts';
import { createOpenApiCheck, loadOpenApi, type OpenApiCheck } from '../openapi-check.ts';
import { paypalError } from './money.ts';

/** Which trimmed official description (fakes/openapi/<name>.json) describes a path. */
const DESCRIPTIONS: [RegExp, string][] = [
  [/^\/v1\/payments\/payouts/, 'paypal-payouts'],
  [/^\/v2\/customer\/partner-referrals/, 'paypal-partner-referrals'],
  [/^\/v1\/customer\/partners\//, 'paypal-merchant-integrations'],
  [/^\/v1\/reporting\//, 'paypal-balances'],
  [/^\/v1\/notifications\//, 'paypal-webhooks'],
];

/**
 * Every request the fake receives and every answer it gives, checked against PayPal's official
 * descriptions. A request that breaks its description is refused (400, the problems as details);
 * an answer that breaks it (a bug of the fake) becomes a 500. Both are kept in `problems`.
 */
export function createPaypalChecks() {
  const problems: string[] = [];
  const loaded = new Map<string, OpenApiCheck>();
  const checkFor = (path: string): OpenApiCheck | null => {
    const name = DESCRIPTIONS.find(([pattern]) => pattern.test(path))?.[1];
    if (!name) return null;
    let check = loaded.get(name);
    if (!check) {
      check = createOpenApiCheck(loadOpenApi(name));
      loaded.set(name, check);
    }
    return check;
  };

  function request(incoming: FakeRequest): FakeAnswer | null {
    const check = checkFor(incoming.path);
    if (!check) return null;
    const found = check.checkRequest({
      method: incoming.method,
      path: incoming.path,
      query: incoming.query,
      contentType: typeof incoming.headers['content-type'] === 'string' ? incoming.headers['content-type'] : undefined,
      body: incoming.body,
    });
    if (found.length === 0) return null;
    problems.push(...found.map((problem) => `${incoming.method} ${incoming.path}: ${problem}`));
    return paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', {
      details: found.map((problem) => ({ issue: 'INVALID_PARAMETER_SYNTAX', description: problem })),
    });
  }

  function answer(incoming: FakeRequest, given: FakeAnswer): FakeAnswer {
    const check = checkFor(incoming.path);
    if (!check || given.raw !== undefined) return given;
    const found = check.checkAnswer({ method: incoming.method, path: incoming.path }, { status: given.status, body: given.body });
    if (found.length === 0) return given;
    problems.push(...found.map((problem) => `answer to ${incoming.method} ${incoming.path}: ${problem}`));
    return paypalError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.');
  }

  return { problems, request, answer };
}
