import { beforeAll, describe, expect, it } from 'vitest';
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
      data: [expect.objectContaining({ id: mine.id, title: 'Mine', amount: 10_000, net: 60, status: 'requires_info', is_payable: true })],
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
