import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { providerCalls } from '../../db/schema/index.ts';
import type { AnyProviderOperation } from '../../events/kernel.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import { recordProviderCall, recordProviderCalls, runDueProviderCalls } from './index.ts';

// The outbox's order when some calls are only worth making before a deadline (a transfer at a
// locked quote), and a run's outcomes recorded together.
let ctx: TestContext;
let orgId: string;
/** The calls of the test operation in the order they were made, and the ones whose outcome's handler throws. */
const made: string[] = [];
const refused = new Set<string>();
const KEY = 'test\u0000test.deadline';
const operations = () => ctx.deps.kernel.operations as Map<string, AnyProviderOperation>;

beforeAll(async () => {
  ctx = await createTestContext();
  orgId = (await createOwner(ctx.app)).org.id;
  operations().set(KEY, {
    provider: 'test',
    operation: 'test.deadline',
    // Pushed before the first await: the order the runner started the calls in.
    call: (_deps, request: { name: string }) => {
      made.push(request.name);
      if (request.name.startsWith('flaky')) return Promise.reject(new ProviderCallError({ code: 'service_unavailable', retryable: true }));
      return Promise.resolve({ ok: request.name });
    },
    onSucceeded: (_unit, call) => {
      const { name } = call.request as { name: string };
      if (refused.has(name)) return Promise.reject(new Error(`the handler of ${name} broke`));
      return Promise.resolve();
    },
  } as AnyProviderOperation);
});
afterAll(() => {
  operations().delete(KEY);
});

const minutes = (count: number) => new Date(Date.now() + count * 60_000);
const input = (name: string, extra: { deadline?: Date; next_attempt_at?: Date } = {}) => ({
  org_id: orgId,
  provider: 'test',
  operation: 'test.deadline',
  idempotency_key: `deadline:${orgId}:${name}`,
  request: { name },
  ...extra,
});
const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await ctx.deps.db.select().from(providerCalls).where(inArray(providerCalls.id, ids))).map((row) => [
      (row.request as { name: string }).name,
      { status: row.status, last_error: row.last_error },
    ]),
  );

describe('provider calls with a deadline', () => {
  it('are made before calls that can wait, the soonest deadline first, even when those were due earlier', async () => {
    made.length = 0;
    const ids = await ctx.deps.db.transaction(async (tx) => [
      // A batch's payouts due a minute ago, then transfers at quotes locked for 10 and 5 more minutes.
      await recordProviderCall(tx, input('payout 1', { next_attempt_at: minutes(-1) })),
      await recordProviderCall(tx, input('payout 2', { next_attempt_at: minutes(-1) })),
      await recordProviderCall(tx, input('transfer until +10', { deadline: minutes(10) })),
      await recordProviderCall(tx, input('transfer until +5', { deadline: minutes(5) })),
    ]);
    // One call a claim: each claim takes the call that must go first.
    for (let round = 0; round < 4; round += 1) expect(await runDueProviderCalls(ctx.deps, { ids, limit: 1 })).toBe(1);
    expect(made).toEqual(['transfer until +5', 'transfer until +10', 'payout 1', 'payout 2']);
  });

  it('records many calls at once: one per key, a key recorded before answers its first call', async () => {
    const first = await ctx.deps.db.transaction((tx) => recordProviderCall(tx, input('once')));
    const until = minutes(15);
    const ids = await ctx.deps.db.transaction((tx) =>
      recordProviderCalls(tx, [input('once'), input('batched a', { deadline: until }), input('batched b')]),
    );
    expect(ids[0]).toBe(first);
    expect(new Set(ids).size).toBe(3);
    const rows = await ctx.deps.db.select().from(providerCalls).where(inArray(providerCalls.id, ids));
    expect(rows.map((row) => [(row.request as { name: string }).name, row.deadline?.getTime() ?? null]).sort()).toEqual(
      [
        ['batched a', until.getTime()],
        ['batched b', null],
        ['once', null],
      ].sort(),
    );
  });

  it('records a run’s outcomes together; one whose handler breaks is tried again later and the others stay recorded', async () => {
    refused.add('broken');
    const ids = await ctx.deps.db.transaction((tx) => recordProviderCalls(tx, [input('fine 1'), input('broken'), input('fine 2')]));
    expect(await runDueProviderCalls(ctx.deps, { ids })).toBe(3);
    expect(await statusOf(ids)).toEqual({
      'fine 1': { status: 'succeeded', last_error: null },
      'fine 2': { status: 'succeeded', last_error: null },
      broken: { status: 'pending', last_error: 'recording_failed' },
    });
    refused.delete('broken');
  });

  it('tries a call again a minute before its deadline when its backoff would pass it', async () => {
    const deadline = new Date(Date.now() + 70_000);
    const [id, other] = await ctx.deps.db.transaction((tx) =>
      recordProviderCalls(tx, [input('flaky', { deadline }), input('flaky without one')]),
    );
    const now = new Date();
    await runDueProviderCalls(ctx.deps, { ids: [id!, other!], now });
    const rows = await ctx.deps.db
      .select()
      .from(providerCalls)
      .where(inArray(providerCalls.id, [id!, other!]));
    const next = (callId: string) => rows.find((row) => row.id === callId)!.next_attempt_at.getTime();
    // The first backoff is 30 s: the call with a deadline 70 s away is tried at 10 s, the other at 30 s.
    expect(next(id!)).toBe(deadline.getTime() - 60_000);
    expect(next(other!)).toBe(now.getTime() + 30_000);
  });
});
