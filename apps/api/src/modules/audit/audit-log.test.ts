import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, PASSWORD, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const invite = async (headers: Headers) => {
  const invited = await call('POST', '/v1/users', headers, { email: uniqueEmail('member'), role: 'collaborator' });
  expect(invited.statusCode, invited.body).toBe(200);
  return invited.json<{ id: string }>();
};
const actionsOf = async (headers: Headers, query = '') =>
  ((await call('GET', `/v1/audit_log${query}`, headers)).json().entries as { action: string }[]).map((entry) => entry.action);

describe('GET /v1/audit_log', () => {
  it('lists sign-ins, payout detail changes, API keys and role changes, newest first, with who did them', async () => {
    const owner = await createOwner(ctx.app);
    const signIn = await call('POST', '/v1/users/signin', {}, { email: owner.user.email, password: PASSWORD, audience: 'team' });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const wrong = await call('POST', '/v1/users/signin', {}, { email: owner.user.email, password: 'not-the-password', audience: 'team' });
    expect(wrong.statusCode).toBe(401);
    const creator = await addCreator(ctx.app, owner.headers);
    const changed = await call('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      selected_payment_method: 'stripe',
      routing_number: '110000000',
      account_number: '000123456789',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const key = await call('POST', '/v1/org_api_token', owner.headers, undefined);
    expect(key.statusCode, key.body).toBe(200);
    await upgradePlan(ctx.app, owner.headers);
    const member = await invite(owner.headers);
    expect((await call('PUT', `/v1/users/${member.id}`, owner.headers, { role: 'admin' })).statusCode).toBe(200);

    const page = (await call('GET', '/v1/audit_log', owner.headers)).json();
    expect(page.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'member.update',
      'member.invite',
      'api_key.create',
      'payout_details.change',
      'sign_in.failed',
      'sign_in',
    ]);
    const [roleChange, , , payout] = page.entries;
    expect(roleChange).toMatchObject({
      description: 'Team member changed',
      actor: { id: owner.user.id, email: owner.user.email },
      acted_as: null,
      target_id: member.id,
      status_code: 200,
      details: { fields: 'role', role: 'admin' },
    });
    // Field names only: the account number itself is nowhere in the log.
    expect(payout.details).toEqual({ payee_type: 'creator', source: 'staff', fields: 'bank_account,payout_method' });
    expect(JSON.stringify(page)).not.toContain('000123456789');
  });

  it('filters by action, person and dates, pages by keyset, and exports the filtered entries as CSV', async () => {
    const owner = await createOwner(ctx.app);
    for (let i = 0; i < 3; i += 1) await call('POST', '/v1/org_api_token', owner.headers, undefined);
    expect(await actionsOf(owner.headers, '?action=api_key.create')).toEqual(['api_key.create', 'api_key.create', 'api_key.create']);
    expect(await actionsOf(owner.headers, `?user_id=${owner.user.id}&action=sign_in`)).toEqual([]);
    expect(await actionsOf(owner.headers, '?from=2000-01-01&to=2000-01-02')).toEqual([]);
    const first = (await call('GET', '/v1/audit_log?page_size=2', owner.headers)).json();
    expect(first).toMatchObject({ has_more: true });
    const second = (await call('GET', `/v1/audit_log?page_size=2&starting_after=${first.next_cursor}`, owner.headers)).json();
    const ids = [...first.entries, ...second.entries].map((entry: { id: string }) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.entries.length).toBeGreaterThan(0);

    const csv = await call('GET', '/v1/audit_log/export?action=api_key.create', owner.headers);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('time,action,description,by,as,target_type,target_id,amount,status,details');
    expect(lines.slice(1).every((line) => line.includes(',api_key.create,API key created,'))).toBe(true);
    expect(lines).toHaveLength(4);
  });

  it('answers the filters’ messages for bad values', async () => {
    const owner = await createOwner(ctx.app);
    const cases = [
      ['?action=drop_table', 'Choose an action from the list'],
      ['?from=26-11-2026', 'Enter a date as YYYY-MM-DD'],
      ['?from=2026-13-45', 'Enter a date as YYYY-MM-DD'],
      ['/export?to=2026-02-30', 'Enter a date as YYYY-MM-DD'],
      ['?page_size=101', 'Must be at most 100'],
      ['?from=2026-02-01&to=2026-01-01', 'The end date must be on or after the start date'],
      ['?user_id=nobody', 'Choose a team member from the list'],
      ['?starting_after=%25%25', 'Invalid cursor'],
    ] as const;
    for (const [query, message] of cases) {
      const answer = await call('GET', `/v1/audit_log${query}`, owner.headers);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
  });

  it('is for owners and admins of the organisation only: not team members, API keys or another organisation', async () => {
    const owner = await createOwner(ctx.app);
    const stranger = await createOwner(ctx.app);
    await call('POST', '/v1/org_api_token', owner.headers, undefined);
    expect(await actionsOf(stranger.headers)).toEqual([]);
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    expect((await call('GET', '/v1/audit_log', member.headers)).statusCode).toBe(403);
    const key = (await call('POST', '/v1/org_api_token', owner.headers)).json<{ key: string }>();
    const byKey = await call('GET', '/v1/audit_log', { authorization: `Bearer ${key.key}` });
    expect(byKey.statusCode).toBe(403);
    expect((await call('GET', '/v1/audit_log/export', member.headers)).statusCode).toBe(403);
  });

  it('keeps entries in the database: an UPDATE, a DELETE or a TRUNCATE is refused; a finished entry cannot be rewritten', async () => {
    const owner = await createOwner(ctx.app);
    await call('POST', '/v1/org_api_token', owner.headers, undefined);
    const [entry] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.org_id, owner.org.id));
    // Drizzle wraps the database's error: PostgreSQL's own message is its cause.
    const expectRefused = async (query: PromiseLike<unknown>) => {
      const error = (await Promise.resolve(query).then(
        () => null,
        (failure: unknown) => failure,
      )) as { cause?: { message?: string } } | null;
      expect(error?.cause?.message).toBe('audit_log entries cannot be changed or deleted');
    };
    await expectRefused(ctx.deps.db.update(auditLog).set({ action: 'nothing' }).where(eq(auditLog.id, entry!.id)));
    await expectRefused(ctx.deps.db.update(auditLog).set({ status_code: 500 }).where(eq(auditLog.id, entry!.id)));
    await expectRefused(ctx.deps.db.delete(auditLog).where(eq(auditLog.id, entry!.id)));
    await expectRefused(ctx.deps.db.execute(sql`TRUNCATE audit_log`));
    expect(await ctx.deps.db.select().from(auditLog).where(eq(auditLog.id, entry!.id))).toEqual([entry]);

    // A refused attempt is recorded; removing the member still works: the entry stays, its person's id emptied by the foreign key.
    await upgradePlan(ctx.app, owner.headers);
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const tried = await call('PUT', '/v1/payments/initiate', member.headers, { ids: [] });
    expect(tried.statusCode).toBe(403);
    expect((await call('DELETE', `/v1/users/${member.user.id}`, owner.headers)).statusCode).toBe(200);
    const page = (await call('GET', '/v1/audit_log?action=payments.execute', owner.headers)).json();
    expect(page.entries).toEqual([expect.objectContaining({ actor: null, status_code: 403, details: { requested: 0 } })]);
  });
});
