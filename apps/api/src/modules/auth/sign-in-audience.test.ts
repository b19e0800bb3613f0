import { beforeAll, describe, expect, it } from 'vitest';
import { signInMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, signUp, uniqueEmail } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const signIn = (payload: object) => ctx.app.inject({ method: 'POST', url: '/v1/users/signin', payload });

/** A creator's own account (external), with a password. */
async function creatorAccount(): Promise<string> {
  const email = uniqueEmail('creator-account');
  const session = await signUp(ctx.app, email);
  await ctx.deps.db.execute(`UPDATE users SET is_external = true, role = 'creator' WHERE id = '${session.user.id}'`);
  return email;
}

describe('the sign-in toggle (Team member / Creator)', () => {
  it('tells a creator account on the Team member side to use the Creator side, and the reverse, without starting a session', async () => {
    const creator = await creatorAccount();
    const asTeam = await signIn({ email: creator, password: PASSWORD, audience: 'team' });
    expect(asTeam.statusCode).toBe(403);
    expect(asTeam.json()).toEqual({ message: signInMessages.useCreatorSide, code: 'forbidden', field: 'audience' });
    expect(asTeam.json().auth_token).toBeUndefined();

    const staff = uniqueEmail('staff');
    await signUp(ctx.app, staff);
    const asCreator = await signIn({ email: staff, password: PASSWORD, audience: 'creator' });
    expect(asCreator.statusCode).toBe(403);
    expect(asCreator.json().message).toBe('This is a team member account: choose Team member above and sign in again.');
  });

  it('signs each account in on its own side, and says nothing about the side without the right password', async () => {
    const creator = await creatorAccount();
    const ok = await signIn({ email: creator, password: PASSWORD, audience: 'creator' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().is_external).toBe(true);
    const wrong = await signIn({ email: creator, password: 'Wrong-passw0rd', audience: 'team' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Incorrect email or password');
    const bad = await signIn({ email: creator, password: PASSWORD, audience: 'admin' });
    expect(bad.json()).toMatchObject({ message: 'Choose Team member or Creator', field: 'audience' });
  });
});
