import pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.ts';
import type { Database } from './client.ts';

/** Any fixed number; every Crewpay process migrating this database waits on the same one. */
const MIGRATION_LOCK_KEY = 7_353_100_001;

/**
 * Applies the committed SQL migrations in order; drizzle records each in its journal table.
 * Two instances starting together would both see a migration as missing and both apply it, so
 * the run holds a PostgreSQL advisory lock on a connection of its own (the pool may have one
 * connection only, which the migration itself needs).
 */
export async function runMigrations(database: Pick<Database, 'db' | 'pool'>): Promise<void> {
  const lock = new pg.Client(database.pool.options);
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(database.db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
