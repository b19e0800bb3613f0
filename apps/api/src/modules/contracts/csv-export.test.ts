import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { postContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { contracts } from '../../db/schema/index.ts';

type Headers = Record<string, string>;

let ctx: TestContext;
let owner: Headers;
const COPIES = 540;

async function plainContract(headers: Headers, recipient: string, title: string): Promise<string> {
  const response = await postContract(
    ctx.app,
    headers,
    { title, type: 'plain_file', recipient_type: 'creator', recipient, expiration_date: '2099-01-01' },
    { name: 'paper.pdf', bytes: await twoPagePdf() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-export-')) });
  owner = (await createOwner(ctx.app, { orgName: 'Exported contracts' })).headers;
  const riley = await addCreator(ctx.app, owner, { first_name: 'Riley', last_name: 'Quartz' });
  const modelId = await plainContract(owner, riley.id, 'Usage rights model');
  // More rows than one export chunk (500), copied straight into the table: posting each PDF
  // through the API would take minutes.
  const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, modelId));
  await ctx.database.db.insert(contracts).values(
    Array.from({ length: COPIES }, (_, index) => ({
      ...row!,
      id: randomUUID(),
      title: `Usage rights ${index}`,
      created_at: new Date(Date.UTC(2026, 10, 1 + (index % 10), 12)),
    })),
  );
  await plainContract(owner, riley.id, '@SUM(1+1) rider');
  const theirs = (await createOwner(ctx.app, { orgName: 'Other exported contracts' })).headers;
  await plainContract(theirs, (await addCreator(ctx.app, theirs, { first_name: 'Riley' })).id, 'Usage rights theirs');
});

const exportCsv = (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/contracts/export?${query}`, headers: owner });
const lines = (body: string) => body.split('\r\n');

describe('GET /v1/contracts/export', () => {
  it('streams every row of the search beyond one chunk with the list’s columns, never another organisation’s', async () => {
    const response = await exportCsv('search=usage%20rights');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="contracts_report.csv"');
    const [header, ...rows] = lines(response.body);
    expect(header).toBe('id,title,recipient,recipient_email,campaign,status,expiration_date,signature_date,created_at');
    expect(rows).toHaveLength(COPIES + 1);
    expect(new Set(rows.map((line) => line.split(',')[0])).size).toBe(COPIES + 1);
    expect(rows[0]).toContain(',Riley Quartz,');
    expect(rows[0]).toMatch(/,Signed,2099-01-01,\d{4}-/);
    expect(response.body).not.toContain('theirs');
  });

  it('keeps the days created and the status, and neutralises formula-like titles', async () => {
    const day = lines((await exportCsv('created_from=2026-11-03&created_to=2026-11-03')).body);
    expect(day).toHaveLength(1 + COPIES / 10);
    expect(lines((await exportCsv('status=Sent')).body)).toHaveLength(1);
    const formula = lines((await exportCsv('search=rider')).body);
    expect(formula).toHaveLength(2);
    expect(formula[1]).toContain(`,"'@SUM(1+1) rider",`);
  });

  it('refuses bad filters with a 400 and its message, and a caller without a session', async () => {
    const badDay = await exportCsv('created_to=2026-13-01');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.body).toContain(listFilterMessages.day);
    expect((await exportCsv('status=Lost')).statusCode).toBe(400);
    expect((await exportCsv(`search=${'a'.repeat(201)}`)).body).toContain(listFilterMessages.search);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/contracts/export' })).statusCode).toBe(401);
  });
});
