import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** A load balancer's check must answer quickly even when the database does not. */
const READY_TIMEOUT_MS = 2_000;

/** When the newest migration this code ships was made: drizzle records it as created_at of the row it applied. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

type Readiness = { ready: true } | { ready: false; reason: 'database' | 'migrations' };

async function checkReadiness(db: Db, newest: number): Promise<Readiness> {
  try {
    const result = await db.execute<{ latest: string | null }>(
      sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
    );
    const latest = Number(result.rows[0]?.latest ?? 0);
    return latest >= newest ? { ready: true } : { ready: false, reason: 'migrations' };
  } catch {
    return { ready: false, reason: 'database' };
  }
}

/**
 * For load balancers and orchestrators: /health answers while the process runs (restart it when
 * it does not); /ready answers 200 only while the database answers and holds every migration
 * this code needs (send it no traffic otherwise). Neither needs a session; neither says more
 * than a word about why.
 */
export function registerHealthChecks(app: FastifyInstance, db: Db): void {
  const newest = newestMigrationMillis();
  app.get('/health', { config: { isPublic: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { config: { isPublic: true }, schema: { hide: true } }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: 'database' }), READY_TIMEOUT_MS);
    });
    const readiness = await Promise.race([checkReadiness(db, newest), timedOut]);
    clearTimeout(timer);
    reply.header('cache-control', 'no-store');
    if (readiness.ready) return { status: 'ready' };
    return reply.status(503).send({ status: 'unavailable', reason: readiness.reason });
  });
}
