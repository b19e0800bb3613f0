import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { customers, users } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { customerLogin, sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('the portal invoices page', () => {
  it("lists a customer user's own invoices and gives a fresh pay link for an open one; staff and others are refused", async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const email = uniqueEmail('brand');
    const mine = await sendInvoice(ctx.app, owner.headers, { email, name: 'Brand', title: 'Mine', net: 60 });
    await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('other'), name: 'Other', title: 'Not mine' });
    const headers = await customerLogin(ctx.deps, owner.org.id, email);

    const list = await ctx.app.inject({ method: 'GET', url: '/v1/portal/invoices', headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [
        expect.objectContaining({
          id: mine.id,
          title: 'Mine',
          amount: 10_000,
          currency: 'usd',
          net: 60,
          status: 'requires_info',
          is_payable: true,
        }),
      ],
      total: 1,
      page: 0,
      page_size: 50,
      has_more: false,
      next_cursor: null,
    });
    const link = await ctx.app.inject({ method: 'POST', url: `/v1/portal/invoices/${mine.id}/pay_link`, headers });
    expect(link.json().url).toMatch(/^\/invoices\/pay\?id=/);
    const info = await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${link.json().url.split('id=')[1]}` });
    expect(info.json()).toMatchObject({ title: 'Mine', status: 'requires_info' });

    // Another organisation bills the same email without inviting it to the portal: not shown.
    const other = await createOwner(ctx.app, { orgName: 'Never invited' });
    await activate(ctx.app, other.headers);
    await sendInvoice(ctx.app, other.headers, { email, name: 'Brand', title: 'Theirs' });
    const again = await ctx.app.inject({ method: 'GET', url: '/v1/portal/invoices', headers });
    expect(again.json().data.map((invoice: { title: string }) => invoice.title)).toEqual(['Mine']);

    const stranger = await customerLogin(ctx.deps, owner.org.id, uniqueEmail('stranger'));
    expect((await ctx.app.inject({ method: 'POST', url: `/v1/portal/invoices/${mine.id}/pay_link`, headers: stranger })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/portal/invoices', headers: owner.headers })).statusCode).toBe(403);
  });
});

describe('the portal invoices while acting as the customer', () => {
  it("shows the acting person's organisation's invoices only, never another organisation's", async () => {
    const first = await createOwner(ctx.app, { orgName: 'First agency' });
    const second = await createOwner(ctx.app, { orgName: 'Second agency' });
    await activate(ctx.app, first.headers);
    await activate(ctx.app, second.headers);
    const email = uniqueEmail('brand');
    const firsts = await sendInvoice(ctx.app, first.headers, { email, name: 'Brand', title: 'From the first' });
    const seconds = await sendInvoice(ctx.app, second.headers, { email, name: 'Brand', title: 'From the second' });
    // One login, invited to the portal by both organisations.
    const headers = await customerLogin(ctx.deps, first.org.id, email);
    const [user] = await ctx.deps.db.select().from(users).where(eq(users.email, email));
    await ctx.deps.db
      .update(customers)
      .set({ user_id: user!.id })
      .where(and(eq(customers.org_id, second.org.id), eq(customers.email, email)));
    const titles = async (caller: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: '/v1/portal/invoices', headers: caller }))
        .json()
        .data.map((row: { title: string }) => row.title);
    expect(await titles(headers)).toEqual(['From the second', 'From the first']);

    const acting = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users/loginas',
      headers: second.headers,
      payload: { user_id: user!.id },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    expect(await titles(second.headers)).toEqual(['From the second']);
    for (const path of ['pdf', 'receipt'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/v1/portal/invoices/${firsts.id}/${path}`, headers: second.headers })).statusCode,
      ).toBe(404);
    const payLink = await ctx.app.inject({ method: 'POST', url: `/v1/portal/invoices/${firsts.id}/pay_link`, headers: second.headers });
    expect(payLink.statusCode).toBe(404);
    const own = await ctx.app.inject({ method: 'GET', url: `/v1/portal/invoices/${seconds.id}/pdf`, headers: second.headers });
    expect(own.statusCode).toBe(200);
  });
});
