import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

// bigint (int8) columns hold cents; they fit JS numbers exactly up to 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle accepted wherever a Db is: data access takes either as its first argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
