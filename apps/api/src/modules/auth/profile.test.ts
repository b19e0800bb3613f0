import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

describe('PUT /v1/user', () => {
  it('sets the display name shown for the user (session, members list) and clears it when blank', async () => {
    const owner = await createOwner(ctx.app);
    const saved = await call('PUT', '/v1/user', owner.headers, { display_name: '  Sam from Northwind ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: owner.user.id, display_name: 'Sam from Northwind' });
    expect((await call('GET', '/v1/user', owner.headers)).json().display_name).toBe('Sam from Northwind');
    const listed = (await call('GET', '/v1/users', owner.headers)).json() as { id: string; display_name: string | null }[];
    expect(listed.find((member) => member.id === owner.user.id)?.display_name).toBe('Sam from Northwind');

    const cleared = await call('PUT', '/v1/user', owner.headers, { display_name: '   ' });
    expect(cleared.json().display_name).toBeNull();
  });

  it("changes only the caller's own name, refuses a bad body, someone acting as them and no session", async () => {
    const owner = await createOwner(ctx.app);
    const teammate = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await call('PUT', '/v1/user', teammate.headers, { display_name: 'Teammate' })).statusCode).toBe(200);
    expect((await call('GET', '/v1/user', owner.headers)).json().display_name).toBeNull();

    const tooLong = await call('PUT', '/v1/user', owner.headers, { display_name: 'x'.repeat(81) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Display name must be at most 80 characters');
    expect((await call('PUT', '/v1/user', owner.headers, { display_name: 42 })).statusCode).toBe(400);
    expect((await call('PUT', '/v1/user', owner.headers)).statusCode).toBe(400);
    expect((await call('PUT', '/v1/user', {}, { display_name: 'Nobody' })).statusCode).toBe(401);

    await upgradePlan(ctx.app, owner.headers);
    expect((await call('POST', '/v1/users/loginas', owner.headers, { user_id: teammate.user.id })).statusCode).toBe(200);
    const acting = await call('PUT', '/v1/user', owner.headers, { display_name: 'Renamed by someone else' });
    expect(acting.statusCode).toBe(403);
    expect((await call('GET', `/v1/users/${teammate.user.id}`, owner.headers)).json().display_name).toBe('Teammate');
  });
});
