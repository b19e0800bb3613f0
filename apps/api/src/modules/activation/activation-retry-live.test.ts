import { beforeAll, describe, expect, it } from 'vitest';
import { createOwner } from '../../../test/fixtures.ts';
import { business, representative } from '../../../test/wallet-fixtures.ts';
import { liveWorld } from '../../../test/worlds.ts';

let world: Awaited<ReturnType<typeof liveWorld>>;
beforeAll(async () => {
  world = await liveWorld();
});

describe('activation on Stripe: one idempotency key per operation (SANDBOX=false, on the fake)', () => {
  it('a retry that finds the representative a first try created updates it under a key of its own, and activation goes on', async () => {
    const owner = await createOwner(world.ctx.app);
    const inject = (url: string, payload: object) => world.ctx.app.inject({ method: 'POST', url, headers: owner.headers, payload });
    expect((await inject('/v1/org/owner', representative)).statusCode).toBe(200);
    // Stripe created the person, then broke down and keeps answering that 500 for the key.
    world.stripe.faultAfterWork(/^\/v1\/accounts\/acct_[^/]+\/persons$/, 'saved_500');
    expect((await inject('/v1/org/business', business)).statusCode).toBeGreaterThanOrEqual(500);
    // The owner sends the same details again: the person is found and updated, no idempotency_error.
    const again = await inject('/v1/org/business', business);
    expect(again.statusCode, again.body).toBe(200);
    const personCalls = world.stripe.requests.filter((request) => /\/persons(\/[^/]+)?$/.test(request.path) && request.method === 'POST');
    const keys = personCalls.map((request) => String(request.headers['idempotency-key']));
    expect(keys.some((key) => key.endsWith(':person:create'))).toBe(true);
    expect(keys.some((key) => key.endsWith(':update'))).toBe(true);
    await world.afterActivation();
    expect((await world.ctx.app.inject({ method: 'GET', url: '/v1/org/onboarding', headers: owner.headers })).json()).toMatchObject({
      status: 'complete',
    });
  });
});
