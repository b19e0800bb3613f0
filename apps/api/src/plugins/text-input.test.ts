import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../test/context.ts';
import { addCreator, createOwner, uniqueEmail } from '../../test/fixtures.ts';

const NUL = '\u0000';

describe('NUL characters in any input', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;
  let creatorId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const owner = await createOwner(ctx.app);
    // The operator token lets the /sandbox cases reach their input check (tests run as behind a proxy).
    headers = { ...owner.headers, ...operatorHeaders };
    creatorId = (await addCreator(ctx.app, headers)).id;
  });

  const cases = (): [string, string, unknown?][] => [
    ['PUT', '/v1/org', { name: `Acme${NUL}`, website: 'https://acme.example' }],
    ['POST', '/v1/org', { name: `New${NUL}Org`, website: 'https://acme.example' }],
    ['POST', '/v1/creators', { email: uniqueEmail('nul'), first_name: `Ca${NUL}sey`, last_name: 'C' }],
    ['PUT', `/v1/creators/${creatorId}`, { id: creatorId, bio: `bio${NUL}` }],
    ['PUT', `/v1/creators/${creatorId}`, { id: creatorId, first_name: `F${NUL}`, last_name: 'L' }],
    ['POST', '/v1/tags', { label: `tag${NUL}` }],
    ['POST', '/v1/users', { email: uniqueEmail('nul'), first_name: `M${NUL}`, last_name: 'Member', role: 'collaborator' }],
    ['PUT', '/v1/user', { first_name: `Me${NUL}`, last_name: 'Owner' }],
    ['POST', '/v1/payments', [{ recipient: creatorId, recipient_role: 'creator', earnings: 100, split: 100, memo: `May${NUL}` }]],
    ['GET', '/v1/creators?search=%00'],
    ['GET', '/v1/payments?tab=%00'],
    ['GET', '/sandbox/verify/%00'],
    ['POST', '/sandbox/verify/%00', { code: '1' }],
    ['GET', '/v1/wallets/%00'],
    ['GET', `/v1/creators/a%00b`],
    ['GET', '/v1/expiring_link?id=%00'],
    ['POST', '/v1/users/signin', { email: `a${NUL}@example.com`, password: 'x' }],
    ['POST', '/v1/users/signup', { email: uniqueEmail('nul'), password: `Sup3r-secret!${NUL}` }],
    ['PUT', '/v1/users/password/reset', { email: `x${NUL}@example.com` }],
    ['POST', '/v1/creators/bulk', [{ email: uniqueEmail('nul'), first_name: `B${NUL}` }]],
    ['POST', '/v1/creators', { email: uniqueEmail('nul'), first_name: 'A', last_name: 'B', [`key${NUL}`]: 'x' }],
  ];

  it('answers a readable 400 on every route, never a 500', async () => {
    for (const [method, url, payload] of cases()) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json().message, `${method} ${url}`).toBe('Text must not contain the NUL character (\\u0000)');
    }
  });

  it('stored nothing that held a NUL', async () => {
    const org = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers });
    expect(org.json().name).toBe('Acme Creators');
    const creator = await ctx.app.inject({ method: 'GET', url: `/v1/creators/${creatorId}`, headers });
    expect(creator.json().bio).toBeNull();
  });
});

describe('NUL characters that reach SQL outside the route schema (issue 40, finding 10)', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createOwner(ctx.app);
  });

  /** No answer names a query, a table or the values it carried. */
  const expectNoSql = (body: string, label: string) => {
    expect(body, label).not.toMatch(/Failed query|insert into|select |audit_log|params:/i);
    expect(body, label).not.toContain(owner.user.id);
    expect(body, label).not.toContain(owner.org.id);
  };

  it('answers 400 without SQL for a NUL in a /v1/users write, whatever the field (the audit of the request held it)', async () => {
    const cases: [string, string, object][] = [
      ['POST', '/v1/users', { email: uniqueEmail('nul'), first_name: 'M', last_name: 'N', role: `collaborator${NUL}` }],
      ['PUT', `/v1/users/${owner.user.id}`, { role: `admin${NUL}` }],
      ['PUT', `/v1/users/${owner.user.id}`, { [`role${NUL}`]: 'admin' }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await ctx.app.inject({ method: method as 'POST', url, headers: owner.headers, payload });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json().message).toBe('Text must not contain the NUL character (\\u0000)');
      expectNoSql(response.body, `${method} ${url}`);
    }
  });

  it('answers 400 for a NUL in a header, before anything reads it (the client address, the idempotency key)', async () => {
    const cases: Record<string, string>[] = [
      { 'x-forwarded-for': `203.0.113.9${NUL}` },
      { 'idempotency-key': `key${NUL}` },
      { 'user-agent': `agent${NUL}` },
    ];
    for (const extra of cases) {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/v1/users/signin',
        headers: extra,
        payload: { email: owner.user.email, password: 'wrong-password' },
      });
      expect(signIn.statusCode, `${JSON.stringify(extra)}: ${signIn.body}`).toBe(400);
      expect(signIn.json().message).toBe('Text must not contain the NUL character (\\u0000)');
      const write = await ctx.app.inject({
        method: 'POST',
        url: '/v1/tags',
        headers: { ...owner.headers, ...extra },
        payload: { label: 'x' },
      });
      expect(write.statusCode, `${JSON.stringify(extra)}: ${write.body}`).toBe(400);
      expectNoSql(write.body, JSON.stringify(extra));
    }
  });
});
