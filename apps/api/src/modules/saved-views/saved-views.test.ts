import { beforeAll, describe, expect, it } from 'vitest';
import { messages, savedViewMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const save = (headers: Headers, body: Record<string, unknown>) => call('POST', '/v1/saved_views', headers, body);

describe('saved views', () => {
  it('saves, lists (per list, in saved order) and deletes a view', async () => {
    const owner = await createOwner(ctx.app);
    const first = await save(owner.headers, { list: 'invoices', name: ' Paid this month ', query: '?tab=paid&created_from=2026-11-01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ list: 'invoices', name: 'Paid this month', query: 'tab=paid&created_from=2026-11-01' });
    const second = (await save(owner.headers, { list: 'invoices', name: 'Big ones', query: 'amount_min=100000' })).json();
    await save(owner.headers, { list: 'creators', name: 'Gaming', query: 'q=gaming' });

    const listed = await call('GET', '/v1/saved_views?list=invoices', owner.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().map((view: { name: string }) => view.name)).toEqual(['Paid this month', 'Big ones']);

    const removed = await call('DELETE', `/v1/saved_views/${second.id}`, owner.headers);
    expect(removed.json()).toEqual({ message: savedViewMessages.deleted });
    const after = (await call('GET', '/v1/saved_views?list=invoices', owner.headers)).json();
    expect(after.map((view: { id: string }) => view.id)).toEqual([first.json().id]);
    expect((await call('DELETE', `/v1/saved_views/${second.id}`, owner.headers)).statusCode).toBe(404);
  });

  it("never shows another member's views, and answers 404 on another member's or organisation's id", async () => {
    const owner = await createOwner(ctx.app);
    const member = await createMember(ctx.deps, owner.org.id, 'admin');
    const stranger = await createOwner(ctx.app);
    const mine = (await save(owner.headers, { list: 'payments', name: 'Drafts', query: 'tab=draft' })).json();

    expect((await call('GET', '/v1/saved_views?list=payments', member.headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/saved_views?list=payments', stranger.headers)).json()).toEqual([]);
    for (const other of [member.headers, stranger.headers]) {
      const refused = await call('DELETE', `/v1/saved_views/${mine.id}`, other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: savedViewMessages.notFound });
    }
    expect((await call('DELETE', '/v1/saved_views/not-an-id', owner.headers)).statusCode).toBe(404);
    expect((await call('GET', '/v1/saved_views?list=payments', owner.headers)).json()).toHaveLength(1);
  });

  it('refuses bad input with its message, never a 500', async () => {
    const owner = await createOwner(ctx.app);
    const badList = await save(owner.headers, { list: 'wallets', name: 'x', query: '' });
    expect(badList.statusCode).toBe(400);
    expect(badList.json()).toMatchObject({ message: savedViewMessages.list, field: 'list' });
    const noName = await save(owner.headers, { list: 'invoices', name: '  ', query: 'tab=paid' });
    expect(noName.json()).toMatchObject({ message: messages.required, field: 'name' });
    const long = await save(owner.headers, { list: 'invoices', name: 'Long', query: 'q='.padEnd(2001, 'a') });
    expect(long.json()).toMatchObject({ message: savedViewMessages.query, field: 'query' });
    const nul = await save(owner.headers, { list: 'invoices', name: 'a\u0000b', query: '' });
    expect(nul.statusCode).toBe(400);
    const noList = await call('GET', '/v1/saved_views', owner.headers);
    expect(noList.json()).toMatchObject({ message: savedViewMessages.list, field: 'list' });
  });

  it('refuses API keys, reads included', async () => {
    const owner = await createOwner(ctx.app);
    const key = (await call('POST', '/v1/org_api_token', owner.headers, {})).json<{ key: string }>().key;
    const bearer = { authorization: `Bearer ${key}` };
    const read = await call('GET', '/v1/saved_views?list=invoices', bearer);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ message: savedViewMessages.notForKeys });
    expect((await save(bearer, { list: 'invoices', name: 'Key', query: '' })).statusCode).toBe(403);
  });
});
