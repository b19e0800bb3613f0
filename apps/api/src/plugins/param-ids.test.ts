import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';

/**
 * A path id that cannot be an id names nothing that exists: 404, as an unknown id does. It once
 * answered 400 with the message "Not found", checked here on the routes of every kind of record.
 */
describe('a malformed id in the path', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createOwner(ctx.app);
  });

  it.each([
    ['GET', '/v1/creators/not-a-uuid'],
    ['GET', '/v1/payments/not-a-uuid'],
    ['GET', '/v1/campaigns/not-a-uuid'],
    ['GET', '/v1/contracts/not-a-uuid'],
    ['GET', '/v1/invoices/not-a-uuid'],
    ['GET', '/v1/customers/not-a-uuid'],
    ['GET', '/v1/wallets/not-a-uuid'],
    ['PUT', '/v1/users/not-a-uuid'],
    ['PUT', '/v1/notifications/not-a-uuid'],
    ['DELETE', '/v1/deliverables/not-a-uuid'],
    ['GET', '/v1/taxes/runs/12345'],
  ] as const)('%s %s answers 404', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: owner.headers, ...(method === 'PUT' ? { payload: {} } : {}) });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', message: expect.stringMatching(/not found/i) as unknown });
  });

  it('still answers 400 for a malformed id in a body or a query', async () => {
    const query = await ctx.app.inject({ method: 'GET', url: '/v1/campaign_files?payment_group_id=nope', headers: owner.headers });
    expect(query.statusCode).toBe(400);
  });
});
