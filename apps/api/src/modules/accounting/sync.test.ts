import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntryRecord } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { connectQuickbooks, FULL_MAPPING } from '../../../test/accounting-fixtures.ts';
import { buildJournalEntries } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Owner = Awaited<ReturnType<typeof fundedOwner>>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

async function connectedOwner() {
  const owner = await fundedOwner(ctx.app, 100_000);
  await connectQuickbooks(ctx.app, owner.token);
  expect((await inject('POST', '/api/qb/acctMap', owner.headers, FULL_MAPPING)).statusCode).toBe(200);
  return owner;
}

async function pay(owner: Owner, earnings: number) {
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, earnings)]);
  expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
  await advanceClock(ctx.app, 61);
}

const payouts = async (owner: Owner) =>
  (await inject('GET', '/api/qb/journalEntries', owner.headers))
    .json<JournalEntryRecord[]>()
    .filter((entry) => entry.transfer_type === 'payment_succeeded');

const booked = async (orgId: string) =>
  (
    await ctx.deps.db.execute<{ request_id: string; qb_id: number }>(
      sql`SELECT e.request_id, e.qb_id FROM qb_sandbox_journal_entries e JOIN qb_sandbox_companies c ON c.realm_id = e.realm_id WHERE c.org_id = ${orgId}`,
    )
  ).rows;

describe('the sync job', () => {
  it('sends again, after reconnecting, the entries that failed because the connection had expired', async () => {
    const owner = await connectedOwner();
    // Intuit revoked the tokens (the user disconnected the app on their side).
    await ctx.deps.db.execute(
      sql`UPDATE qb_sandbox_companies SET access_token_hash = NULL, refresh_token_hash = 'revoked' WHERE org_id = ${owner.org.id}`,
    );
    await ctx.deps.db.execute(
      sql`UPDATE accounting_connections SET access_expires_at = now() - interval '1 minute' WHERE org_id = ${owner.org.id}`,
    );
    await pay(owner, 2_500);
    const [failed] = await payouts(owner);
    expect(failed).toMatchObject({ Status: 'failed', error_text: 'The QuickBooks connection has expired: connect again' });

    await connectQuickbooks(ctx.app, owner.token);
    const [sent] = await payouts(owner);
    expect(sent).toMatchObject({ id: failed!.id, Status: 'succeeded', ref_id: expect.any(String), error_text: null });
    expect((await booked(owner.org.id)).filter((row) => row.request_id === failed!.id)).toHaveLength(1);
  });

  it('books an event once when its answer was lost and the call is made again', async () => {
    const owner = await connectedOwner();
    await pay(owner, 4_000);
    const [entry] = await payouts(owner);
    expect(entry!.Status).toBe('succeeded');
    // QuickBooks created the entry but our side never heard back: the entry is tried again.
    await ctx.deps.db.execute(
      sql`UPDATE accounting_journal_entries SET status = 'failed', ref_id = NULL, error_text = 'timeout' WHERE id = ${entry!.id}`,
    );
    const retried = await inject('POST', `/api/qb/journalEntries/${entry!.id}/retry`, owner.headers);
    expect(retried.json()).toMatchObject({ Status: 'succeeded', ref_id: entry!.ref_id });
    expect((await booked(owner.org.id)).filter((row) => row.request_id === entry!.id)).toHaveLength(1);
  });

  it('picks up events that happened while disconnected, each posted once when two runs race', async () => {
    const owner = await connectedOwner();
    const connection = (await inject('GET', '/api/orgOauth', owner.headers)).json<{ id: string }[]>()[0]!;
    expect((await inject('DELETE', `/api/orgOauth?id=${connection.id}`, owner.headers)).statusCode).toBe(200);
    await pay(owner, 1_000);
    await pay(owner, 1_500);
    await buildJournalEntries(ctx.deps, owner.org.id);
    expect(
      await ctx.deps.db.execute(sql`SELECT 1 FROM accounting_journal_entries WHERE org_id = ${owner.org.id}`).then((r) => r.rows),
    ).toHaveLength(0);

    await connectQuickbooks(ctx.app, owner.token);
    await Promise.all([buildJournalEntries(ctx.deps, owner.org.id), buildJournalEntries(ctx.deps, owner.org.id)]);
    const entries = await payouts(owner);
    expect(entries.map((entry) => entry.Status)).toEqual(['succeeded', 'succeeded']);
    const books = await booked(owner.org.id);
    expect(books.filter((row) => entries.some((entry) => entry.id === row.request_id))).toHaveLength(2);
  });
});

describe('GET /api/qb/journalEntries paging', () => {
  it('pages the array by keyset with starting_after: every entry once, newest first', async () => {
    const owner = await connectedOwner();
    for (const cents of [1_100, 1_200, 1_300, 1_400, 1_500]) await pay(owner, cents);
    const all = (await inject('GET', '/api/qb/journalEntries', owner.headers)).json<JournalEntryRecord[]>();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged: JournalEntryRecord[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const response = await inject('GET', `/api/qb/journalEntries?limit=2${cursor ? `&starting_after=${cursor}` : ''}`, owner.headers);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json<JournalEntryRecord[]>();
      paged.push(...rows);
      if (rows.length < 2) break;
      cursor = rows[rows.length - 1]!.cursor;
    }
    expect(paged.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));

    const bad = await inject('GET', '/api/qb/journalEntries?starting_after=bm9wZQ', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid cursor');
    expect((await inject('GET', '/api/qb/journalEntries?starting_after=%00', owner.headers)).statusCode).toBe(400);
    // Another organisation's cursor only positions: it reads nothing of this one's.
    const other = await connectedOwner();
    expect((await inject('GET', `/api/qb/journalEntries?starting_after=${all[0]!.cursor}`, other.headers)).json()).toEqual([]);
  });
});
