import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, authHeaders, uniqueEmail } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from '../auth/sessions.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Role = 'admin' | 'collaborator' | 'creator';
async function member(orgId: string, role: Role) {
  // A creator signing in to the portal is an external account of the organisation.
  const [user] = await ctx.deps.db
    .insert(users)
    .values({ id: newId(), email: uniqueEmail(role), org_id: orgId, role, is_external: role === 'creator' })
    .returning();
  return authHeaders((await startSession(ctx.deps.db, user!, 1)).auth_token);
}

const statusOf = async (id: string) =>
  (await ctx.deps.db.execute<{ status: string; is_deleted: boolean }>(sql`SELECT status, is_deleted FROM payments WHERE id = ${id}`))
    .rows[0];

describe('payments routes: who may call them', () => {
  it('lets owners and admins do everything, collaborators all but execute, and refuses creators', async () => {
    const owner = await fundedOwner(ctx.app);
    const inject = injector(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const headers = {
      owner: owner.headers,
      admin: await member(owner.org.id, 'admin'),
      collaborator: await member(owner.org.id, 'collaborator'),
      creator: await member(owner.org.id, 'creator'),
    };
    const expected = {
      owner: { read: 200, write: 200, execute: 200 },
      admin: { read: 200, write: 200, execute: 200 },
      collaborator: { read: 200, write: 200, execute: 403 },
      creator: { read: 403, write: 403, execute: 403 },
    };
    for (const [role, headersOfRole] of Object.entries(headers) as [keyof typeof headers, Record<string, string>][]) {
      const [draft] = await createDrafts(ctx.app, owner.headers, [row(creator.id)]);
      const id = draft!.id;
      const want = expected[role];
      const answers = {
        list: await inject('GET', '/v1/payments', headersOfRole),
        totals: await inject('GET', '/v1/payments/totals', headersOfRole),
        one: await inject('GET', `/v1/payments/${id}`, headersOfRole),
        create: await inject('POST', '/v1/payments', headersOfRole, [row(creator.id)]),
        edit: await inject('PUT', '/v1/payments', headersOfRole, { id, earnings: 20_000, split: 50, memo: 'June' }),
        preview: await inject('POST', '/v1/payments/initiate/preview', headersOfRole, { ids: [id] }),
        execute: await inject('PUT', '/v1/payments/initiate', headersOfRole, { ids: [id] }),
      };
      expect([answers.list.statusCode, answers.totals.statusCode, answers.one.statusCode], `${role} reads`).toEqual([
        want.read,
        want.read,
        want.read,
      ]);
      expect([answers.create.statusCode, answers.edit.statusCode], `${role} writes`).toEqual([want.write, want.write]);
      expect([answers.preview.statusCode, answers.execute.statusCode], `${role} executes`).toEqual([want.execute, want.execute]);
      expect((await statusOf(id))!.status, `${role}: the payment's row`).toBe(want.execute === 200 ? 'processing' : 'draft');
      if (want.execute !== 200) {
        const removed = await inject('DELETE', '/v1/payments', headersOfRole, { ids: [id] });
        expect(removed.statusCode, `${role} deletes`).toBe(want.write);
        expect(await statusOf(id), `${role}: the deleted row`).toEqual(
          want.write === 200 ? { status: 'canceled', is_deleted: true } : { status: 'draft', is_deleted: false },
        );
      }
    }
  });

  it("never reads, edits, deletes, reminds or executes another organisation's payments", async () => {
    const inject = injector(ctx.app);
    const victim = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, victim.headers);
    const [draft] = await createDrafts(ctx.app, victim.headers, [row(creator.id)]);
    const [waiting] = await createDrafts(ctx.app, victim.headers, [row(creator.id)]);
    expect((await inject('PUT', '/v1/payments/initiate', victim.headers, { ids: [waiting!.id] })).json().requires_info).toBe(1);
    const intruder = await fundedOwner(ctx.app);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, intruder.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/payments?recipient=${creator.id}`, intruder.headers)).json().total).toBe(0);
    expect((await inject('GET', `/v1/payments/totals?recipient=${creator.id}`, intruder.headers)).json()).toEqual({
      pending: 0,
      completed: 0,
      pending_estimated: 0,
    });
    expect(
      (await inject('PUT', '/v1/payments', intruder.headers, { id: draft!.id, earnings: 99_999, split: 100, memo: '' })).statusCode,
    ).toBe(404);
    expect((await inject('DELETE', '/v1/payments', intruder.headers, { ids: [draft!.id, waiting!.id] })).statusCode).toBe(404);
    expect((await inject('PUT', '/v1/payments/initiate', intruder.headers, { ids: [draft!.id] })).statusCode).toBe(409);
    expect((await inject('POST', '/v1/payments/initiate/preview', intruder.headers, { ids: [draft!.id] })).json()).toMatchObject({
      count: 0,
      amount: 0,
      fees: 0,
      requires_info: 0,
    });
    expect((await inject('POST', '/v1/payments/reminders', intruder.headers, [waiting!.id])).statusCode).toBe(409);
    const created = await inject('POST', '/v1/payments', intruder.headers, [row(creator.id)]);
    expect(created.statusCode).toBe(400);
    expect(created.body).toContain('This recipient is not one of your creators, agents or managers');
    expect(await statusOf(draft!.id)).toEqual({ status: 'draft', is_deleted: false });
    expect(await statusOf(waiting!.id)).toEqual({ status: 'requires_info', is_deleted: false });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, victim.headers)).json()).toMatchObject({ earnings: 10_000, memo: 'May' });
  });
});

describe('POST /v1/payments with an Idempotency-Key', () => {
  it('creates the drafts of one submission once, however often it is retried', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const key = { ...owner.headers, 'idempotency-key': newId() };
    const [first, retry] = await Promise.all([
      injector(ctx.app)('POST', '/v1/payments', key, [row(creator.id)]),
      injector(ctx.app)('POST', '/v1/payments', key, [row(creator.id)]),
    ]);
    expect([first.statusCode, retry.statusCode]).toEqual([200, 200]);
    expect(retry.json().data[0].id).toBe(first.json().data[0].id);
    const count = await ctx.deps.db.execute<{ count: string }>(
      sql`SELECT count(*)::text AS count FROM payments WHERE org_id = ${owner.org.id}`,
    );
    expect(count.rows[0]!.count).toBe('1');
  });
});

describe('POST /v1/payments/initiate/preview', () => {
  it('counts the drafts, their total, fees and how many will wait for payout details, moving nothing', async () => {
    const owner = await fundedOwner(ctx.app);
    const inject = injector(ctx.app);
    const withBank = await addCreator(ctx.app, owner.headers, BANK);
    const without = await addCreator(ctx.app, owner.headers);
    const rows = await createDrafts(ctx.app, owner.headers, [row(withBank.id, 10_000), row(without.id, 20_000), row(without.id, 30_000)]);
    const preview = await inject('POST', '/v1/payments/initiate/preview', owner.headers, { ids: rows.map((p) => p.id) });
    expect(preview.json()).toMatchObject({
      count: 3,
      amount: 60_000,
      fees: 0,
      requires_info: 2,
      outcomes: { sent: { count: 1, amount: 10_000 }, needs_payout_details: { count: 2, amount: 50_000 } },
    });
    for (const payment of rows) expect((await statusOf(payment.id))!.status).toBe('draft');
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: rows.map((p) => p.id) });
    expect(executed.json()).toMatchObject({ processing: 1, requires_info: 2 });
  });
});
