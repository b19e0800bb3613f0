import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { sendInvoice } from '../../../test/invoice-fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('GET /v1/invoices/export', () => {
  it('neutralises full-width formula signs and formulas after a separator (DDE), not only an ASCII = first', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const customer = await addCustomer(ctx.app, owner.headers, { name: '＠SUM(1+1)' });
    await sendInvoice(ctx.app, owner.headers, {
      customer_id: customer.id,
      title: '＝HYPERLINK("http://evil.example","Pay")',
      description: `Posts;=cmd|' /C calc'!A0`,
    });
    const csv = await ctx.app.inject({ method: 'GET', url: '/v1/invoices/export?tab=all', headers: owner.headers });
    expect(csv.statusCode).toBe(200);
    const [header, row] = csv.body.split('\r\n') as [string, string];
    expect(header.split(',').slice(0, 3)).toEqual(['id', 'number', 'title']);
    expect(row.split(',')[1]).toBe('INV-0001');
    expect(row).toContain(`"'＝HYPERLINK(""http://evil.example"",""Pay"")"`);
    expect(row).toContain(`"'Posts;=cmd|' /C calc'!A0"`);
    expect(row).toContain(`"'＠SUM(1+1)"`);
  });
});
