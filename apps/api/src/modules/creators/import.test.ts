import { beforeAll, describe, expect, it } from 'vitest';
import { creatorMessages, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, multipartFile, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const HEADER = 'email,first_name,last_name,business_name,entity_type,phone_number,account_number,routing_number';
type Headers = Record<string, string>;

function post(headers: Headers, url: string, csv: string, extra: Headers = {}) {
  const body = multipartFile({ filename: 'creators.csv', type: 'text/csv', content: csv });
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...extra, ...body.headers }, payload: body.payload });
}

async function standardOwner() {
  const owner = await createOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  return owner;
}

async function creatorsByEmail(headers: Headers) {
  const list = await ctx.app.inject({ method: 'GET', url: '/v1/creators?page_size=100', headers });
  return new Map(list.json<{ data: { id: string; email: string; invitation: string }[] }>().data.map((row) => [row.email, row]));
}

const mailsTo = async (emails: string[]) => (await readOutbox(ctx.app)).filter((mail) => emails.includes(mail.to));

describe('POST /v1/creators/bulk/preview', () => {
  it('lists every row, the refused ones with the add-creator form’s field and message, and adds nobody', async () => {
    const owner = await standardOwner();
    const existing = await addCreator(ctx.app, owner.headers);
    const good = uniqueEmail('preview-good');
    const csv = [
      HEADER,
      `${good},Ann,Able,,individual,,,`,
      `,No,Email,,,,,`,
      `${uniqueEmail('preview-noname')},,,,,,,`,
      `not-an-email,Bo,Bad,,,,,`,
      `${existing.email},Old,Timer,,,,,`,
    ].join('\n');
    const response = await post(owner.headers, '/v1/creators/bulk/preview', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      total: 5,
      valid: 1,
      rows: [
        { line: 2, email: good, name: 'Ann Able', field: null, message: null },
        { line: 3, email: null, name: 'No Email', field: 'email', message: creatorMessages.missingEmail },
        { line: 4, email: expect.stringContaining('preview-noname'), name: null, field: 'first_name', message: 'This field is required' },
        { line: 5, email: 'not-an-email', name: 'Bo Bad', field: 'email', message: messages.email },
        { line: 6, email: existing.email, name: 'Old Timer', field: 'email', message: creatorMessages.duplicate },
      ],
    });
    expect((await creatorsByEmail(owner.headers)).size).toBe(1);
  });

  it('is answered on the free plan, where the import itself waits for the upgrade', async () => {
    const owner = await createOwner(ctx.app);
    const csv = `${HEADER}\n${uniqueEmail()},A,B,,,,,`;
    const response = await post(owner.headers, '/v1/creators/bulk/preview', csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ total: 1, valid: 1 });
    const added = await post(owner.headers, '/v1/creators/bulk?invite=later', csv, { 'idempotency-key': `free-${Date.now()}` });
    expect(added.statusCode).toBe(403);
    expect(added.json()).toEqual({ message: creatorMessages.freePlanBulk, code: 'forbidden' });
    await upgradePlan(ctx.app, owner.headers);
    const upgraded = await post(owner.headers, '/v1/creators/bulk?invite=later', csv, { 'idempotency-key': `premium-${Date.now()}` });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
  });
});

describe('POST /v1/creators/bulk?invite=', () => {
  it('creates the valid rows exactly once under two parallel confirms with one Idempotency-Key', async () => {
    const owner = await standardOwner();
    const emails = Array.from({ length: 30 }, (_, index) => uniqueEmail(`twice-${index}`));
    const csv = [HEADER, ...emails.map((email) => `${email},Tw,Ice,,,,,`), `,Bad,Row,,,,,`].join('\n');
    const key = { 'idempotency-key': `import-${Date.now()}` };
    const [first, second] = await Promise.all([
      post(owner.headers, '/v1/creators/bulk?invite=now', csv, key),
      post(owner.headers, '/v1/creators/bulk?invite=now', csv, key),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    // Both answers are the first import's: 30 added, the one bad row listed; neither says "already exists".
    expect(first.json()).toEqual({ added: 30, issues: [{ line: 32, email: null, message: creatorMessages.missingEmail }] });
    expect(second.json()).toEqual(first.json());
    expect((await creatorsByEmail(owner.headers)).size).toBe(30);
    expect(await mailsTo(emails)).toHaveLength(30);
  });

  it('never: adds the creators without a portal account or any email', async () => {
    const owner = await standardOwner();
    const emails = [uniqueEmail('never-a'), uniqueEmail('never-b')];
    const response = await post(
      owner.headers,
      '/v1/creators/bulk?invite=never',
      [HEADER, ...emails.map((e) => `${e},Ne,Ver,,,,,`)].join('\n'),
    );
    expect(response.json()).toEqual({ added: 2, issues: [] });
    const rows = await creatorsByEmail(owner.headers);
    expect(emails.map((email) => rows.get(email)?.invitation)).toEqual(['none', 'none']);
    const profile = await ctx.app.inject({ method: 'GET', url: `/v1/creators/${rows.get(emails[0]!)!.id}`, headers: owner.headers });
    expect(profile.json()).toMatchObject({ invitation: 'none', user_id: null });
    expect(await mailsTo(emails)).toHaveLength(0);
  });

  it('later, then invite all: each creator emailed once, and a second invite sends nothing', async () => {
    const owner = await standardOwner();
    const emails = Array.from({ length: 12 }, (_, index) => uniqueEmail(`later-${index}`));
    const response = await post(
      owner.headers,
      '/v1/creators/bulk?invite=later',
      [HEADER, ...emails.map((e) => `${e},La,Ter,,,,,`)].join('\n'),
    );
    expect(response.json()).toEqual({ added: 12, issues: [] });
    expect(await mailsTo(emails)).toHaveLength(0);
    const waiting = await ctx.app.inject({ method: 'GET', url: '/v1/creators/invitations', headers: owner.headers });
    expect(waiting.json()).toEqual({ later: 12 });

    const invite = () =>
      ctx.app.inject({ method: 'POST', url: '/v1/creators/invitations', headers: owner.headers, payload: { all: true } });
    const [first, second] = await Promise.all([invite(), invite()]);
    expect([first.json().invited, second.json().invited].sort((a, b) => a - b)).toEqual([0, 12]);
    const mails = await mailsTo(emails);
    expect(mails).toHaveLength(12);
    expect(mails.every((mail) => mail.links.some((link) => link.includes('/resetPassword/')))).toBe(true);
    const rows = await creatorsByEmail(owner.headers);
    expect(emails.every((email) => rows.get(email)?.invitation === 'sent')).toBe(true);
    const profile = await ctx.app.inject({ method: 'GET', url: `/v1/creators/${rows.get(emails[0]!)!.id}`, headers: owner.headers });
    expect(profile.json().user_id).toEqual(expect.any(String));
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/creators/invitations', headers: owner.headers })).json()).toEqual({ later: 0 });
  });

  it('invites the selected creators only, never another organisation’s', async () => {
    const owner = await standardOwner();
    const other = await standardOwner();
    const [mine, rest, theirs] = [uniqueEmail('pick-mine'), uniqueEmail('pick-rest'), uniqueEmail('pick-theirs')];
    await post(owner.headers, '/v1/creators/bulk?invite=never', `${HEADER}\n${mine},Mi,Ne,,,,,\n${rest},Re,St,,,,,`);
    await post(other.headers, '/v1/creators/bulk?invite=later', `${HEADER}\n${theirs},Th,Eirs,,,,,`);
    const ids = [(await creatorsByEmail(owner.headers)).get(mine)!.id, (await creatorsByEmail(other.headers)).get(theirs)!.id];
    const response = await ctx.app.inject({ method: 'POST', url: '/v1/creators/invitations', headers: owner.headers, payload: { ids } });
    expect(response.json()).toEqual({ invited: 1 });
    expect((await mailsTo([mine, rest, theirs])).map((mail) => mail.to)).toEqual([mine]);
    expect((await creatorsByEmail(other.headers)).get(theirs)!.invitation).toBe('later');
  });

  it('answers 400, not 500, to an invitation body that is neither ids nor all', async () => {
    const owner = await standardOwner();
    for (const payload of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { all: true, ids: [] }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/v1/creators/invitations', headers: owner.headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await post(owner.headers, '/v1/creators/bulk?invite=maybe', `${HEADER}\n${uniqueEmail()},A,B,,,,,`);
    expect(bad.statusCode).toBe(400);
  });
});
