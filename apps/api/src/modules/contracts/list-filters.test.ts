import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFilterMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { addCustomer } from '../../../test/campaign-fixtures.ts';
import { postContract, twoPagePdf } from '../../../test/contract-fixtures.ts';
import { contracts } from '../../db/schema/index.ts';

type Headers = Record<string, string>;
type Row = { id: string; title: string };

let ctx: TestContext;
let owner: Headers;
const novemberIds: string[] = [];

async function plainContract(headers: Headers, fields: Record<string, string>): Promise<string> {
  const response = await postContract(
    ctx.app,
    headers,
    { title: 'Signed on paper', type: 'plain_file', recipient_type: 'creator', expiration_date: '2099-01-01', ...fields },
    { name: 'paper.pdf', bytes: await twoPagePdf() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

beforeAll(async () => {
  ctx = await createTestContext({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-filters-')) });
  owner = (await createOwner(ctx.app, { orgName: 'Filtered contracts' })).headers;
  const riley = await addCreator(ctx.app, owner, { first_name: 'Riley', last_name: 'Quartz' });
  const brand = await addCustomer(ctx.app, owner, { name: 'Orchid Foods' });
  for (let index = 0; index < 5; index += 1)
    novemberIds.push(await plainContract(owner, { recipient: riley.id, title: `Usage rights ${index}` }));
  await plainContract(owner, { recipient: brand.id, recipient_type: 'customer', title: 'Brand agreement' });
  await ctx.database.db
    .update(contracts)
    .set({ created_at: new Date('2026-11-15T12:00:00Z') })
    .where(inArray(contracts.id, novemberIds));
  const theirs = (await createOwner(ctx.app, { orgName: 'Other contracts' })).headers;
  await plainContract(theirs, { recipient: (await addCreator(ctx.app, theirs, { first_name: 'Riley' })).id, title: 'Usage rights theirs' });
});

const list = async (query: string) => ctx.app.inject({ method: 'GET', url: `/v1/contracts?${query}`, headers: owner });
const titles = async (query: string) => ((await list(query)).json().data as Row[]).map((row) => row.title).sort();

describe('GET /v1/contracts filters and search', () => {
  it('keeps a date range (UTC days) across cursor pages', async () => {
    const first = (await list('created_from=2026-11-15&created_to=2026-11-15&page_size=2')).json();
    expect(first.total).toBe(5);
    const ids: string[] = first.data.map((row: Row) => row.id);
    let cursor = first.next_cursor as string | null;
    while (cursor) {
      const page = (await list(`created_from=2026-11-15&created_to=2026-11-15&page_size=2&starting_after=${cursor}`)).json();
      ids.push(...page.data.map((row: Row) => row.id));
      cursor = page.next_cursor;
    }
    expect(ids.sort()).toEqual([...novemberIds].sort());
    expect(await titles('created_to=2026-11-14')).toEqual([]);
    expect(await titles('created_from=2026-11-16')).toEqual(['Brand agreement']);
  });

  it('searches the title and the recipient’s name, never another organisation’s', async () => {
    expect(await titles('search=agreement')).toEqual(['Brand agreement']);
    expect(await titles('search=orchid')).toEqual(['Brand agreement']);
    expect(await titles('search=quartz&page_size=10')).toHaveLength(5);
    expect(await titles('search=riley&status=Sent&page_size=10')).not.toContain('Usage rights theirs');
    expect(await titles('search=nothing-like-it')).toEqual([]);
  });

  it('refuses a bad day or search with its message', async () => {
    for (const [query, field, message] of [
      ['created_from=2026-02-30', 'created_from', listFilterMessages.day],
      [`search=${'y'.repeat(201)}`, 'search', listFilterMessages.search],
    ] as const) {
      const answer = await list(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ field, message });
    }
  });
});
