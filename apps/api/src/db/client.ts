import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

// bigint (int8) columns hold cents; they fit JS numbers exactly up to 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Without the schema's relational query builders: Drizzle builds one per table (55) on every
 * transaction, a tenth of a ledger posting's cost in Node, and the code uses only the core
 * select/insert/update API (docs/performance.md).
 */
export type Db = NodePgDatabase;
/** A transaction handle accepted wherever a Db is: data access takes either as its first argument. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

export function openDatabase(url: string, options: { max?: number } = {}): Database {
  // A database that does not answer fails a checkout after 10 s instead of holding the request
  // (and a place in the pool) for as long as TCP keeps trying.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next checkout.
  });
  // A client checked out of the pool (a transaction between two statements) has no listener of
  // the pool's: its connection ending (PostgreSQL restarted, a failover) would be an unhandled
  // 'error' event that kills the process. The statement in flight or the next one fails instead,
  // the transaction rolls back, and the client is thrown away when released with that error.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = drizzle(pool, { casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}
