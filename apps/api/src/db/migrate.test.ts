import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';
import { withDatabase } from './embedded.ts';
import { runMigrations } from './migrate.ts';

describe('runMigrations', () => {
  it('lets two instances start together on a fresh database: one migrates, the other waits and finds it done', async () => {
    const serverUrl = inject('serverUrl');
    const name = `crewpay_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const first = openDatabase(withDatabase(serverUrl, name), { max: 1 });
    const second = openDatabase(withDatabase(serverUrl, name), { max: 1 });
    try {
      await Promise.all([runMigrations(first), runMigrations(second)]);
      const applied = await first.pool.query(
        'SELECT count(*)::int AS count, count(DISTINCT hash)::int AS distinct_count FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0].count).toBeGreaterThan(0);
      expect(applied.rows[0].count).toBe(applied.rows[0].distinct_count);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
