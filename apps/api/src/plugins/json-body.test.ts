import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import { isJsonDeeperThan, JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './json-body.ts';

const nestedLists = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('isJsonDeeperThan', () => {
  it('counts objects and lists opened inside one another', () => {
    expect(isJsonDeeperThan(nestedLists(3), 3)).toBe(false);
    expect(isJsonDeeperThan(nestedLists(4), 3)).toBe(true);
    expect(isJsonDeeperThan(nestedObjects(4), 3)).toBe(true);
    expect(isJsonDeeperThan('[[1],[2],[3],{"a":[4]}]', 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(isJsonDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(isJsonDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
  });
});

describe('JSON bodies nested too deep', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    headers = { ...(await createOwner(ctx.app)).headers, 'content-type': 'application/json' };
  });

  const send = (method: 'POST' | 'PUT', url: string, payload: string) => ctx.app.inject({ method, url, headers, payload });

  it('answers a readable 400 for 100,000 levels on sign-in and other routes, never a 500', async () => {
    const cases: ['POST' | 'PUT', string, string][] = [
      ['POST', '/v1/users/signin', nestedLists(100_000)],
      ['POST', '/v1/users/signin', `{"email":${nestedObjects(100_000)}}`],
      ['PUT', '/v1/org', nestedObjects(100_000)],
      ['POST', '/v1/payments', nestedLists(100_000)],
      ['PUT', '/v1/invoices/00000000-0000-4000-8000-000000000000', nestedObjects(100_000)],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json(), `${method} ${url}`).toEqual({ message: JSON_TOO_DEEP_MESSAGE, code: 'bad_request' });
    }
  });

  it('refuses one level past the limit and lets the limit itself through to validation', async () => {
    const over = await send('PUT', '/v1/org', nestedObjects(MAX_JSON_DEPTH + 1));
    expect(over.json().message).toBe(JSON_TOO_DEEP_MESSAGE);

    const atLimit = await send('PUT', '/v1/org', `{"name":${nestedObjects(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.statusCode, atLimit.body).toBe(400);
    expect(atLimit.json().message).not.toBe(JSON_TOO_DEEP_MESSAGE);
    expect(atLimit.json().field).toBe('name');
  });

  it('still parses ordinary bodies and refuses broken JSON and prototype poisoning as before', async () => {
    const signIn = await send('POST', '/v1/users/signin', JSON.stringify({ email: 'nobody@example.com', password: 'x' }));
    expect(signIn.statusCode).toBe(401);

    const broken = await send('PUT', '/v1/org', '{"name":');
    expect(broken.statusCode).toBe(400);

    const poisoned = await send('PUT', '/v1/org', '{"name":"A","website":"https://a.example","__proto__":{"x":1}}');
    expect(poisoned.statusCode).toBe(400);
  });
});
