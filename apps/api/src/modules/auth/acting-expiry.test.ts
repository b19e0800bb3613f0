import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTING_MINUTES } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const whoAmI = (headers: Headers) => ctx.app.inject({ method: 'GET', url: '/v1/user', headers }).then((response) => response.json());
const expiredRows = (actorId: string) =>
  ctx.deps.db.$count(auditLog, and(eq(auditLog.actor_user_id, actorId), eq(auditLog.action, 'login_as.expired')));

async function ownerActingAsTeammate() {
  const owner = await createOwner(ctx.app);
  const teammate = await createCollaborator(ctx.deps, owner.org.id);
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/v1/users/loginas',
    headers: owner.headers,
    payload: { user_id: teammate.user.id },
  });
  expect(started.statusCode, started.body).toBe(200);
  return { owner, teammate, started: started.json<{ acting_by: { expires_at: string } }>() };
}

describe('acting expires', () => {
  it(`ends ${ACTING_MINUTES} minutes after it began: the next request is the real person’s, and the end is recorded once`, async () => {
    const before = Date.now();
    const { owner, teammate, started } = await ownerActingAsTeammate();
    const lasts = Date.parse(started.acting_by.expires_at) - before;
    expect(lasts).toBeGreaterThan((ACTING_MINUTES - 1) * 60_000);
    expect(lasts).toBeLessThanOrEqual(ACTING_MINUTES * 60_000 + 5_000);
    expect(await whoAmI(owner.headers)).toMatchObject({
      id: teammate.user.id,
      acting_by: { id: owner.user.id, expires_at: started.acting_by.expires_at },
    });

    await ctx.deps.db
      .update(sessions)
      .set({ acting_expires_at: sql`now() - interval '1 second'` })
      .where(eq(sessions.user_id, owner.user.id));
    const [first, second] = await Promise.all([whoAmI(owner.headers), whoAmI(owner.headers)]);
    expect([first.id, second.id]).toEqual([owner.user.id, owner.user.id]);
    expect(first.acting_by).toBeNull();
    expect(await expiredRows(owner.user.id)).toBe(1);
    const [session] = await ctx.deps.db.select().from(sessions).where(eq(sessions.user_id, owner.user.id));
    expect(session).toMatchObject({ acting_as_user_id: null, acting_started_at: null, acting_expires_at: null });
  });

  it('ends acting that began before acting had an end (no end time)', async () => {
    const { owner } = await ownerActingAsTeammate();
    await ctx.deps.db.update(sessions).set({ acting_started_at: null, acting_expires_at: null }).where(eq(sessions.user_id, owner.user.id));
    expect(await whoAmI(owner.headers)).toMatchObject({ id: owner.user.id, acting_by: null });
    expect(await expiredRows(owner.user.id)).toBe(1);
  });
});
