import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, createOwner, latestLinkId, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { portalAccessMessages } from './portal-access.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
async function customer(headers: Headers, email: string = uniqueEmail('brand')) {
  const response = await call('POST', '/v1/customers', headers, { name: 'Brand Co', email });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; email: string }>();
}

describe('POST /v1/customers/{id}/portal_invite', () => {
  it('gives the customer a login they open from the email, then sign in on the Creator side', async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Brand Agency' });
    const brand = await customer(owner.headers);
    expect((await call('GET', `/v1/customers/${brand.id}/portal_access`, owner.headers)).json()).toMatchObject({ user_id: null });

    const invited = await call('POST', `/v1/customers/${brand.id}/portal_invite`, owner.headers);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ customer_id: brand.id, has_password: false });
    const linkId = await latestLinkId(ctx.app, brand.email, '/resetPassword/');
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } })).statusCode,
    ).toBe(200);

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users/signin',
      payload: { email: brand.email, password: PASSWORD, audience: 'creator' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ is_external: true, user: { role: 'customer' } });
    const headers = { 'auth-token': signIn.json<{ auth_token: string }>().auth_token };
    expect((await call('GET', '/v1/orgs', headers)).json().map((org: { name: string }) => org.name)).toEqual(['Brand Agency']);
    expect((await call('GET', '/v1/creators/user', headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/customers', headers)).statusCode).toBe(403);
    expect((await call('GET', `/v1/customers/${brand.id}/portal_access`, owner.headers)).json()).toMatchObject({ has_password: true });

    // Inviting again once a password exists sends a sign-in notice, not a new link.
    await call('POST', `/v1/customers/${brand.id}/portal_invite`, owner.headers);
    const last = (await readOutbox(ctx.app)).filter((mail) => mail.to === brand.email).at(-1)!;
    expect(last.subject).toBe('Brand Agency added you on Crewpay');
  });

  it('one login for the same customer email in two organisations', async () => {
    const email = uniqueEmail('shared-brand');
    const first = await createOwner(ctx.app);
    const second = await createOwner(ctx.app);
    const a = await customer(first.headers, email);
    const b = await customer(second.headers, email);
    const userA = (await call('POST', `/v1/customers/${a.id}/portal_invite`, first.headers)).json().user_id;
    const userB = (await call('POST', `/v1/customers/${b.id}/portal_invite`, second.headers)).json().user_id;
    expect(userB).toBe(userA);
  });

  it('refuses an email that is a creator or staff login, other organisations, and creators', async () => {
    const owner = await createOwner(ctx.app);
    const staff = await customer(owner.headers, owner.user.email);
    expect((await call('POST', `/v1/customers/${staff.id}/portal_invite`, owner.headers)).statusCode).toBe(409);
    const creator = await portalCreator(ctx.app, owner.headers);
    const asCreator = await customer(owner.headers, creator.email);
    const conflict = await call('POST', `/v1/customers/${asCreator.id}/portal_invite`, owner.headers);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(portalAccessMessages.otherKindOfAccount);

    const other = await createOwner(ctx.app);
    const theirs = await customer(other.headers);
    expect((await call('POST', `/v1/customers/${theirs.id}/portal_invite`, owner.headers)).statusCode).toBe(404);
    expect((await call('GET', `/v1/customers/${theirs.id}/portal_access`, owner.headers)).statusCode).toBe(404);
    expect((await call('POST', `/v1/customers/${theirs.id}/portal_invite`, creator.headers)).statusCode).toBe(403);
  });
});
