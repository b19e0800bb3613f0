import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('PUT /v1/org/plan', () => {
  it('starts organisations on the free plan and upgrades them to standard', async () => {
    const owner = await createOwner(ctx.app);
    const before = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: owner.headers });
    expect(before.json().billing_plan).toBe('free');
    const response = await ctx.app.inject({ method: 'PUT', url: '/v1/org/plan', headers: owner.headers, payload: { plan: 'standard' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().billing_plan).toBe('standard');
  });

  it('refuses any plan but standard', async () => {
    const owner = await createOwner(ctx.app);
    const response = await ctx.app.inject({ method: 'PUT', url: '/v1/org/plan', headers: owner.headers, payload: { plan: 'free' } });
    expect(response.json()).toEqual({ message: 'Only an upgrade to standard is possible', code: 'validation_error', field: 'plan' });
  });
});
