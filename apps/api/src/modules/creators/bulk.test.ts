import { beforeAll, describe, expect, it } from 'vitest';
import { creatorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, multipartFile, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const HEADER = 'Email,First_Name,LAST_NAME,business_name,entity_type,phone_number,account_number,routing_number';

async function upload(headers: Record<string, string>, file: { filename?: string; type?: string; content: string | Buffer }) {
  const body = multipartFile({ filename: file.filename ?? 'creators.csv', type: file.type ?? 'text/csv', content: file.content });
  return ctx.app.inject({ method: 'POST', url: '/v1/creators/bulk', headers: { ...headers, ...body.headers }, payload: body.payload });
}

async function standardOwner() {
  const owner = await createOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  return owner;
}

const count = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers })).json<{ total: number }>().total;

describe('POST /v1/creators/bulk', () => {
  it('reports the file’s own line numbers when a quoted field holds line breaks or blank lines sit between rows', async () => {
    const owner = await standardOwner();
    const csv = [
      HEADER,
      `${uniqueEmail('multi')},"Ann\nMarie",Able,,individual,,,`,
      '',
      ',,,,,,,',
      `,No,Email,,,,,`,
      `${uniqueEmail('bad-routing')},Bo,Bank,,individual,,000123456789,123456789`,
      '',
    ].join('\r\n');
    const response = await upload(owner.headers, { content: csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      added: 1,
      issues: [
        { line: 6, email: null, message: creatorMessages.missingEmail },
        {
          line: 7,
          email: expect.stringContaining('bad-routing'),
          message: 'routing_number: This is not a valid routing number: check its 9 digits',
        },
      ],
    });
  });

  it('adds the good rows, lists rows without email, invalid rows and duplicates, and invites the new creators', async () => {
    const owner = await standardOwner();
    const existing = await addCreator(ctx.app, owner.headers);
    const a = uniqueEmail('bulk-a');
    const b = uniqueEmail('bulk-b');
    const csv = [
      HEADER,
      `${a.toUpperCase()},Ann,Able,,individual,(415) 555-0101,000123456789,110000000`,
      `,No,Email,,,,,`,
      `${uniqueEmail('bad')},,,,,,,`,
      `${b},,,Bee Studio,Business,,,`,
      `${a},Ann,Again,,,,,`,
      `${existing.email},Old,Timer,,,,,`,
      '',
    ].join('\r\n');
    const response = await upload(owner.headers, { content: csv });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain('000123456789');
    expect(response.json()).toEqual({
      added: 2,
      issues: [
        { line: 3, email: null, message: creatorMessages.missingEmail },
        { line: 4, email: expect.stringContaining('bad'), message: 'first_name: This field is required' },
        { line: 6, email: a, message: 'Duplicate of line 2 in this file' },
        { line: 7, email: existing.email, message: creatorMessages.duplicate },
      ],
    });
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: owner.headers });
    const idOf = new Map(list.json().data.map((creator: { email: string; id: string }) => [creator.email, creator.id]));
    const read = async (email: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/v1/creators/${idOf.get(email)}`, headers: owner.headers })).json();
    expect(await read(a)).toMatchObject({
      first_name: 'Ann',
      phone_number: '+14155550101',
      account_number_last4: '6789',
      selected_payment_method: 'stripe',
    });
    expect(await read(b)).toMatchObject({ entity_type: 'business', business_name: 'Bee Studio' });
    const invited = (await readOutbox(ctx.app)).filter((mail) => mail.to === a || mail.to === b);
    expect(invited).toHaveLength(2);
    expect(invited.every((mail) => mail.links.some((link) => link.includes('/resetPassword/')))).toBe(true);
  });

  it.each([
    ['a PDF declared as a PDF', 'contract.pdf', 'application/pdf', '%PDF-1.7 ...', 'application/pdf'],
    [
      'a spreadsheet',
      'creators.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'PK\u0003\u0004...',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['a PDF renamed to .csv and declared text/csv', 'creators.csv', 'text/csv', Buffer.from('%PDF-1.7\n%\u00e2\u00e3'), 'application/pdf'],
    ['binary bytes declared text/csv', 'creators.csv', 'text/csv', Buffer.from([0x65, 0x6d, 0x00, 0xff, 0xfe]), 'application/octet-stream'],
  ])('refuses %s with Invalid file type, adding nothing', async (_case, filename, type, content, reported) => {
    const owner = await standardOwner();
    const response = await upload(owner.headers, { filename, type, content });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: `Invalid file type ${reported}`, code: 'unsupported_media_type' });
    expect(await count(owner.headers)).toBe(0);
  });

  it('refuses a file without an email column', async () => {
    const owner = await standardOwner();
    const response = await upload(owner.headers, { content: 'name,phone\nAnn,1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The file needs an email column');
  });

  it('is blocked on the free plan and while billing is delinquent', async () => {
    const owner = await createOwner(ctx.app);
    const csv = `${HEADER}\n${uniqueEmail()},A,B,,,,,`;
    const free = await upload(owner.headers, { content: csv });
    expect(free.statusCode).toBe(403);
    expect(free.json()).toEqual({ message: creatorMessages.freePlanBulk, code: 'forbidden' });
    await upgradePlan(ctx.app, owner.headers);
    await ctx.database.pool.query(`UPDATE orgs SET billing_status = 'delinquent' WHERE id = $1`, [owner.org.id]);
    const delinquent = await upload(owner.headers, { content: csv });
    expect(delinquent.statusCode).toBe(403);
    expect(delinquent.json()).toEqual({ message: creatorMessages.delinquent, code: 'forbidden' });
    expect(await count(owner.headers)).toBe(0);
  });

  it('adds nothing when the transaction fails part way (nothing half-imported)', async () => {
    const owner = await standardOwner();
    const emails = Array.from({ length: 1500 }, (_, index) => `atomic.${index}.${Date.now()}@example.com`);
    // A trigger refuses the 1,200th creator: the first batch of 1,000 was already inserted in the transaction.
    await ctx.database.pool.query(`
      CREATE FUNCTION refuse_one() RETURNS trigger AS $$ BEGIN
        IF NEW.email = '${emails[1199]}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_one BEFORE INSERT ON creators FOR EACH ROW EXECUTE FUNCTION refuse_one();`);
    try {
      const response = await upload(owner.headers, { content: [HEADER, ...emails.map((email) => `${email},A,B,,,,,`)].join('\n') });
      expect(response.statusCode).toBe(500);
      expect(await count(owner.headers)).toBe(0);
      const users = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = ANY($1)', [emails]);
      expect(users.rows[0].n).toBe(0);
    } finally {
      await ctx.database.pool.query('DROP TRIGGER refuse_one ON creators; DROP FUNCTION refuse_one();');
    }
  });

  // Several thousand rows in one statement per table; the 10,000-row upload is timed by `npm run bench`.
  it('imports 2,500 rows in one upload', async () => {
    const owner = await standardOwner();
    const stamp = Date.now();
    const rows = Array.from(
      { length: 2_500 },
      (_, index) => `big.${index}.${stamp}@example.com,First${index},Last${index},,individual,,${String(10_000_000 + index)},110000000`,
    );
    const response = await upload(owner.headers, { content: [HEADER, ...rows].join('\n') });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json()).toEqual({ added: 2_500, issues: [] });
    expect(await count(owner.headers)).toBe(2_500);
  }, 120_000);

  it('adds each creator once when the same file is uploaded twice at the same moment', async () => {
    const owner = await standardOwner();
    const stamp = Date.now();
    const emails = Array.from({ length: 1_200 }, (_, index) => `twice.${index}.${stamp}@example.com`);
    const csv = [HEADER, ...emails.map((email) => `${email},Ann,Able,,,,000123456789,110000000`)].join('\n');
    const answers = (await Promise.all([upload(owner.headers, { content: csv }), upload(owner.headers, { content: csv })])).map(
      (response) => {
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        return response.json<{ added: number; issues: { message: string }[] }>();
      },
    );
    // One upload waits for the other and finds every row already there.
    expect(answers.map((answer) => answer.added).sort((a, b) => a - b)).toEqual([0, 1_200]);
    const second = answers.find((answer) => answer.added === 0)!;
    expect(second.issues).toHaveLength(1_200);
    expect(second.issues.every((issue) => issue.message === creatorMessages.duplicate)).toBe(true);
    expect(await count(owner.headers)).toBe(1_200);
    const accounts = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = ANY($1)', [emails]);
    expect(accounts.rows[0].n).toBe(1_200);
    const invitations = await ctx.database.pool.query('SELECT count(*)::int AS n FROM emails WHERE "to" = ANY($1)', [emails]);
    expect(invitations.rows[0].n).toBe(1_200);
  }, 120_000);

  it('gives a person uploaded by two organisations at the same moment one login and a creator row in each', async () => {
    const [first, second] = await Promise.all([standardOwner(), standardOwner()]);
    const stamp = Date.now();
    const emails = Array.from({ length: 300 }, (_, index) => `shared.${index}.${stamp}@example.com`);
    const csv = [HEADER, ...emails.map((email) => `${email},Ann,Able,,,,,`)].join('\n');
    const responses = await Promise.all([upload(first.headers, { content: csv }), upload(second.headers, { content: csv })]);
    for (const response of responses) {
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.json()).toEqual({ added: 300, issues: [] });
    }
    const accounts = await ctx.database.pool.query('SELECT count(*)::int AS n FROM users WHERE email = ANY($1)', [emails]);
    expect(accounts.rows[0].n).toBe(300);
    const rows = await ctx.database.pool.query(
      'SELECT count(DISTINCT user_id)::int AS people, count(*)::int AS n FROM creators WHERE email = ANY($1)',
      [emails],
    );
    expect(rows.rows[0]).toEqual({ people: 300, n: 600 });
  }, 120_000);

  it('accepts a JSON array of rows with the same rules', async () => {
    const owner = await standardOwner();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/creators/bulk',
      headers: owner.headers,
      payload: [
        { Email: uniqueEmail('json'), first_name: 'J', last_name: 'Son' },
        { email: '', first_name: 'No' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ added: 1, issues: [{ line: 2, email: null, message: creatorMessages.missingEmail }] });
  });
});
