import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('PUT /v1/creators/{id}: employment and withholding', () => {
  it('lets an owner mark a creator W-2 with a custom rate, and refuses a team member', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);

    const byMember = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/creators/${creator.id}`,
      headers: collaborator.headers,
      payload: { is_w2: true },
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Only an owner or admin can change W-2 status or the withholding rate');
    const rateByMember = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/creators/${creator.id}`,
      headers: collaborator.headers,
      payload: { custom_withholding_rate: 1 },
    });
    expect(rateByMember.statusCode).toBe(403);
    const unchanged = await ctx.app.inject({ method: 'GET', url: `/v1/creators/${creator.id}`, headers: owner.headers });
    expect(unchanged.json()).toMatchObject({ is_w2: false, custom_withholding_rate: null });

    const notesByMember = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/creators/${creator.id}`,
      headers: collaborator.headers,
      payload: { bio: 'Still allowed' },
    });
    expect(notesByMember.statusCode).toBe(200);

    const byOwner = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/creators/${creator.id}`,
      headers: owner.headers,
      payload: { is_w2: true, custom_withholding_rate: 5.5 },
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ is_w2: true, custom_withholding_rate: 5.5 });
  });
});

describe('staff routes', () => {
  it('refuse a user whose role is not a staff role even when the row is not marked external', async () => {
    const owner = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    await ctx.deps.db.update(users).set({ role: 'creator' }).where(eq(users.id, collaborator.user.id));
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: collaborator.headers });
    expect(response.statusCode).toBe(403);
  });
});
