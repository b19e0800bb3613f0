import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { withDatabase } from '../db/embedded.ts';
import { createTestContext, operatorHeaders, type TestContext } from '../../test/context.ts';
import { addCreator } from '../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../test/payment-fixtures.ts';
import { startRelay } from '../../test/relay.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // As main.ts does for the process's pool.
  afterAll(ctx.deps.kernel.poolMetrics.watchPool('app', ctx.database.pool));
});

const scrape = async (app: FastifyInstance = ctx.app) => {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: operatorHeaders });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The value of one series (name and exact labels as Prometheus prints them), 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('GET /metrics', () => {
  it('answers the operator only, like the sandbox tools', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().code).toBe('operator_only');
    const wrong = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-operator-token': 'x'.repeat(42) } });
    expect(wrong.statusCode).toBe(403);
    const operator = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: operatorHeaders });
    expect(operator.headers['content-type']).toMatch(/^text\/plain/);
    expect(operator.body).toContain('process_resident_memory_bytes');
  });

  it('counts requests by route pattern and status, jobs, provider calls, ledger transfers and the pool', async () => {
    const before = await scrape();
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id)]);
    expect((await injector(ctx.app)('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).statusCode).toBe(200);
    for (let index = 0; index < 3; index += 1)
      await ctx.app.inject({ method: 'GET', url: `/v1/creators/${creator.id}`, headers: owner.headers });
    await ctx.app.inject({ method: 'GET', url: '/v1/creators/not-a-uuid', headers: owner.headers });
    const after = await scrape();

    const requests = (route: string, status: number, method = 'GET') =>
      `crewpay_http_request_duration_seconds_count{method="${method}",route="${route}",status="${status}"}`;
    expect(valueOf(after, requests('/v1/creators/:id', 200)) - valueOf(before, requests('/v1/creators/:id', 200))).toBe(3);
    expect(valueOf(after, requests('/v1/creators/:id', 404)) - valueOf(before, requests('/v1/creators/:id', 404))).toBe(1);
    expect(valueOf(after, requests('/v1/payments/initiate', 200, 'PUT'))).toBeGreaterThan(
      valueOf(before, requests('/v1/payments/initiate', 200, 'PUT')),
    );
    // The path's ids never become labels.
    expect(after).not.toContain(creator.id);

    const jobs = 'crewpay_job_duration_seconds_count{queue="provider-calls",outcome="ok"}';
    expect(valueOf(after, jobs)).toBeGreaterThan(valueOf(before, jobs));
    const payouts = /crewpay_provider_call_duration_seconds_count\{provider="sandbox",operation="[a-z_.-]+",outcome="succeeded"\} (\d+)/g;
    const sum = (text: string) => [...text.matchAll(payouts)].reduce((total, match) => total + Number(match[1]), 0);
    expect(sum(after)).toBeGreaterThan(sum(before));
    const transfers = (text: string) =>
      [...text.matchAll(/crewpay_ledger_transfers_posted_total\{type="[^"]+"\} (\d+)/g)].reduce(
        (total, match) => total + Number(match[1]),
        0,
      );
    expect(transfers(after)).toBeGreaterThanOrEqual(transfers(before) + 2);
    expect(after).toMatch(/crewpay_db_pool_connections\{pool="app",state="total"\} [1-9]/);
  });
});

describe('/health and /ready', () => {
  it('/ready fails while the database is down or lacks a migration, and recovers without a restart; /health stays up', async () => {
    const relay = await startRelay(new URL(inject('serverUrl')));
    const url = new URL(inject('serverUrl'));
    const databaseName = (await ctx.deps.db.execute<{ name: string }>(sql`SELECT current_database() AS name`)).rows[0]!.name;
    url.port = String(relay.port);
    const database = openDatabase(withDatabase(url.toString(), databaseName), { max: 2 });
    const app = await buildApp({ ...ctx.deps, db: database.db });
    afterAll(async () => {
      await app.close();
      await database.close();
    });
    const probe = async (path: string) => {
      const response = await app.inject({ method: 'GET', url: path });
      return { status: response.statusCode, body: response.json() };
    };

    expect(await probe('/ready')).toEqual({ status: 200, body: { status: 'ready' } });
    await relay.cut();
    expect(await probe('/ready')).toEqual({ status: 503, body: { status: 'unavailable', reason: 'database' } });
    expect(await probe('/health')).toEqual({ status: 200, body: { status: 'ok' } });
    await relay.restore();
    expect(await probe('/ready')).toEqual({ status: 200, body: { status: 'ready' } });

    // A database behind this code (the newest migration missing) is not ready either.
    const [newest] = (
      await ctx.deps.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    await ctx.deps.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    expect(await probe('/ready')).toEqual({ status: 503, body: { status: 'unavailable', reason: 'migrations' } });
    await ctx.deps.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
    );
    expect((await probe('/ready')).status).toBe(200);
  });

  it('survives the database going away in the middle of a transaction: the transaction fails, the process goes on', async () => {
    const relay = await startRelay(new URL(inject('serverUrl')));
    const url = new URL(inject('serverUrl'));
    url.port = String(relay.port);
    const database = openDatabase(url.toString(), { max: 2 });
    let cut: () => void = () => undefined;
    const isCut = new Promise<void>((resolve) => (cut = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      // Between two statements, the client checked out of the pool: the connection ends here.
      cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`SELECT 2`);
    });
    await isCut;
    await relay.cut();
    await expect(transaction).rejects.toThrow();
    await relay.restore();
    expect((await database.db.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    await database.close();
  });
});
