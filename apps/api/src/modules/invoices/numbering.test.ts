import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePrefixMessage } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { activate } from '../../../test/wallet-fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { customerLogin, payLinkId, sendInvoice } from '../../../test/invoice-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const BACKFILL = new URL('../../../drizzle/0051_invoice_numbers_backfill.sql', import.meta.url);
const invoiceBody = { title: 'Spring campaign', description: 'Posts', amount: 10_000, net: 30 };
const create = (headers: Headers, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/v1/invoices', headers, payload: { ...invoiceBody, ...payload } });
const setPrefix = (headers: Headers, invoice_prefix: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/v1/org', headers, payload: { invoice_prefix } });

async function activatedOwner() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  return owner;
}

describe('sequential invoice numbers', () => {
  it('gives 20 invoices created at once 20 distinct consecutive numbers, per organisation', async () => {
    const owner = await activatedOwner();
    const first = await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('brand'), name: 'Brand' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(owner.headers, { customer_id: first.customer_id })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const numbers = answers.map((answer) => answer.json<{ number: string }>().number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `INV-${String(index + 2).padStart(4, '0')}`));
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/invoices/${first.id}`, headers: owner.headers })).json().number).toBe(
      'INV-0001',
    );
    // Another organisation counts from its own first invoice.
    const other = await activatedOwner();
    const theirs = await create(other.headers, { email: uniqueEmail('brand'), name: 'Brand' });
    expect(theirs.json().number).toBe('INV-0001');
  });

  it('gives back the number of a creation that failed, leaving no gap', async () => {
    const owner = await activatedOwner();
    const first = await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('brand'), name: 'Brand' });
    // Funded payments are checked after the number is taken: the refusal rolls the number back.
    const refused = await create(owner.headers, { customer_id: first.customer_id, funded_payments: [crypto.randomUUID()] });
    expect(refused.statusCode).toBe(400);
    expect((await create(owner.headers, { customer_id: first.customer_id })).json().number).toBe('INV-0002');
  });

  it('takes the prefix set by an owner or admin for new invoices, and keeps the numbers already issued', async () => {
    const owner = await activatedOwner();
    const email = uniqueEmail('brand');
    const old = await sendInvoice(ctx.app, owner.headers, { email, name: 'Brand' });
    for (const bad of ['has space', 'THIRTEEN-CHAR', 'a\u0000b', 'é', 42]) {
      const response = await setPrefix(owner.headers, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json(), String(bad)).toMatchObject({ field: 'invoice_prefix' });
    }
    expect((await setPrefix(owner.headers, 'has space')).json().message).toBe(invoicePrefixMessage);
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await setPrefix(collaborator.headers, 'NOPE-')).statusCode).toBe(403);
    expect((await setPrefix({}, 'NOPE-')).statusCode).toBe(401);

    const saved = await setPrefix(owner.headers, ' ACME/26- ');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().invoice_prefix).toBe('ACME/26-');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: owner.headers })).json().invoice_prefix).toBe('ACME/26-');
    const fresh = await sendInvoice(ctx.app, owner.headers, { customer_id: old.customer_id });
    const numbers = (await ctx.app.inject({ method: 'GET', url: '/v1/invoices?tab=all', headers: owner.headers }))
      .json<{ invoices: { id: string; number: string }[] }>()
      .invoices.map((row) => [row.id, row.number]);
    expect(numbers).toEqual([
      [fresh.id, 'ACME/26-0002'],
      [old.id, 'INV-0001'],
    ]);
    // An empty prefix gives bare numbers.
    expect((await setPrefix(owner.headers, '')).statusCode).toBe(200);
    expect((await create(owner.headers, { customer_id: old.customer_id })).json().number).toBe('0003');
  });

  it('shows the number in the email, the pay page and the portal list', async () => {
    const owner = await activatedOwner();
    const email = uniqueEmail('brand');
    const invoice = await sendInvoice(ctx.app, owner.headers, { email, name: 'Brand' });
    const message = (await readOutbox(ctx.app)).filter((item) => item.to === email).at(-1)!;
    expect(message.subject).toContain('Invoice INV-0001 from');
    expect(message.text).toContain('Invoice INV-0001, Spring campaign');
    const linkId = await payLinkId(ctx.app, email);
    const page = await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${encodeURIComponent(linkId)}` });
    expect(page.json()).toMatchObject({ id: invoice.id, number: 'INV-0001' });
    const portal = await ctx.app.inject({
      method: 'GET',
      url: '/v1/portal/invoices',
      headers: await customerLogin(ctx.deps, owner.org.id, email),
    });
    expect(portal.json().data).toEqual([expect.objectContaining({ id: invoice.id, number: 'INV-0001' })]);
  });

  it("numbers the invoices that existed before, per organisation in creation order (the migration's backfill)", async () => {
    const owner = await activatedOwner();
    const customer = (await sendInvoice(ctx.app, owner.headers, { email: uniqueEmail('brand'), name: 'Brand' })).customer_id;
    const second = await sendInvoice(ctx.app, owner.headers, { customer_id: customer, title: 'Made first' });
    await sendInvoice(ctx.app, owner.headers, { customer_id: customer, title: 'Made second' });
    const rolledBack = new Error('rolled back');
    const run = ctx.deps.db.transaction(async (tx) => {
      // The database as the migration found it: no numbers, no counters; the second invoice the older.
      await tx.execute(sql`ALTER TABLE invoices ALTER COLUMN seq DROP NOT NULL, ALTER COLUMN number DROP NOT NULL`);
      await tx.execute(sql`UPDATE invoices SET seq = NULL, number = NULL`);
      await tx.execute(sql`DELETE FROM invoice_counters`);
      await tx.execute(sql`UPDATE invoices SET created_at = created_at - interval '1 day' WHERE id = ${second.id}`);
      for (const statement of fs.readFileSync(BACKFILL, 'utf8').split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
      const rows = await tx.execute<{ title: string; number: string }>(
        sql`SELECT title, number FROM invoices WHERE org_id = ${owner.org.id} ORDER BY seq`,
      );
      expect(rows.rows.map((row) => [row.number, row.title])).toEqual([
        ['INV-0001', 'Made first'],
        ['INV-0002', 'Spring campaign'],
        ['INV-0003', 'Made second'],
      ]);
      const counter = await tx.execute<{ last_seq: number }>(sql`SELECT last_seq FROM invoice_counters WHERE org_id = ${owner.org.id}`);
      expect(counter.rows).toEqual([{ last_seq: 3 }]);
      throw rolledBack;
    });
    await expect(run).rejects.toBe(rolledBack);
  });
});
