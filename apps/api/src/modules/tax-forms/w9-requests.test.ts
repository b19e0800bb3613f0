import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { W9Payees } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { BANK, injector } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { TAX_PROFILE } from '../../../test/tax-fixtures.ts';
import { w9Form } from '../../../test/tax-form-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function outboxTo(email: string) {
  const result = await ctx.deps.db.execute<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM emails WHERE "to" = ${email} AND subject LIKE '%W-9%' ORDER BY created_at`,
  );
  return result.rows;
}

/** An organisation with two payees without a W-9, one with a signed W-9, and one W-2 employee. */
async function world() {
  const owner = await createOwner(ctx.app);
  const first = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Ava', last_name: 'Nofile' });
  const second = await addCreator(ctx.app, owner.headers, { ...BANK, first_name: 'Zed', last_name: 'Nofile' });
  const signed = await portalCreator(ctx.app, owner.headers, BANK);
  expect((await inject('PUT', `/v1/creators/${signed.id}`, owner.headers, { id: signed.id, ...TAX_PROFILE })).statusCode).toBe(200);
  expect((await inject('POST', `/v1/portal/tax_forms/${signed.id}`, signed.headers, w9Form())).statusCode).toBe(200);
  const employee = await addCreator(ctx.app, owner.headers, BANK);
  expect((await inject('PUT', `/v1/creators/${employee.id}`, owner.headers, { id: employee.id, is_w2: true })).statusCode).toBe(200);
  return { owner, first, second, signed };
}

const payees = async (headers: Headers) => {
  const response = await inject('GET', '/v1/taxes/backup_withholding/payees', headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<W9Payees>();
};

describe('backup withholding: who it applies to, and asking them for a W-9', () => {
  it('counts the payees without a W-9 or W-8 (not W-2 employees), by name, for the confirmation', async () => {
    const { owner, first, second } = await world();
    const answer = await payees(owner.headers);
    expect(answer.count).toBe(2);
    expect(answer.has_more).toBe(false);
    expect(answer.data.map((row) => row.id)).toEqual([first.id, second.id]);
    expect(answer.data[0]).toMatchObject({ name: 'Ava Nofile', requests: 0, first_requested_at: null, last_requested_at: null });
    expect((await inject('GET', '/v1/taxes/backup_withholding/payees?page=-1', owner.headers)).statusCode).toBe(400);
    // One payee's page asks about them alone.
    const one = await inject('GET', `/v1/taxes/backup_withholding/payees?payee_id=${second.id}`, owner.headers);
    expect(one.json()).toMatchObject({ count: 1, data: [{ id: second.id }] });
  });

  it('emails each of them through the outbox, then a reminder, and keeps a status per payee', async () => {
    const { owner, first, second, signed } = await world();
    const asked = await inject('POST', '/v1/taxes/backup_withholding/w9_requests', owner.headers, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ requested: 2, reminded: 0 });
    const [email] = await outboxTo(first.email);
    expect(email!.subject).toMatch(/needs your W-9$/);
    expect(email!.text).toContain('24%');
    expect(email!.text).toContain('/creator/taxes');
    expect(await outboxTo(signed.email)).toEqual([]);

    const reminder = await inject('POST', '/v1/taxes/backup_withholding/w9_requests', owner.headers, { payee_ids: [second.id, signed.id] });
    expect(reminder.json()).toEqual({ requested: 0, reminded: 1 });
    const secondEmails = await outboxTo(second.email);
    expect(secondEmails.map((row) => row.subject.startsWith('Reminder: '))).toEqual([false, true]);
    const rows = (await payees(owner.headers)).data;
    expect(rows.find((row) => row.id === second.id)).toMatchObject({ requests: 2 });
    expect(rows.find((row) => row.id === first.id)).toMatchObject({ requests: 1 });
    expect(rows.find((row) => row.id === first.id)!.first_requested_at).not.toBeNull();
    // The payee's timeline says who asked first: the owner, by name (a reminder does not change it).
    const timeline = await inject('GET', `/v1/creators/${second.id}/timeline`, owner.headers);
    expect(timeline.statusCode, timeline.body).toBe(200);
    const asks = timeline.json<{ data: { action: string; actor: { kind: string; id: string | null } }[] }>().data;
    expect(asks.filter((event) => event.action === 'w9_requested').map((event) => event.actor)).toMatchObject([
      { kind: 'user', id: owner.user.id },
    ]);
  });

  it("is the organisation's own: another's payees are neither counted nor emailed; owners and admins ask, a collaborator reads", async () => {
    const { owner, first } = await world();
    const stranger = await createOwner(ctx.app);
    expect((await payees(stranger.headers)).count).toBe(0);
    const theirs = await inject('POST', '/v1/taxes/backup_withholding/w9_requests', stranger.headers, { payee_ids: [first.id] });
    expect(theirs.json()).toEqual({ requested: 0, reminded: 0 });
    expect(await outboxTo(first.email)).toEqual([]);
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await payees(collaborator.headers)).count).toBe(2);
    expect((await inject('POST', '/v1/taxes/backup_withholding/w9_requests', collaborator.headers, {})).statusCode).toBe(403);
    expect((await inject('POST', '/v1/taxes/backup_withholding/w9_requests', owner.headers, { payee_ids: ['nope'] })).statusCode).toBe(400);
  });
});
