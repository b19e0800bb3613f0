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
