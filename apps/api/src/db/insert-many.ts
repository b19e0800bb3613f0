import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Inserts many rows in one statement whatever their number: one array parameter per column,
 * `INSERT ... SELECT * FROM unnest($1::uuid[], $2::text[], ...)`. A multi-row VALUES list
 * needs a parameter per cell (Drizzle builds and checks each: seconds of CPU for 10,000 rows,
 * and batches to stay under PostgreSQL's 65,535 parameters); this needs one per column.
 * Columns left out of the first row take their database default; every row must set the same
 * columns. jsonb values are sent as JSON text.
 */
export async function insertMany<Table extends PgTable>(db: DbOrTx, table: Table, rows: Table['$inferInsert'][]): Promise<void> {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key] !== undefined && key in columns);
  const arrays: SQL[] = keys.map((key) => {
    const column = columns[key]!;
    const type = column.getSQLType();
    const isJson = type === 'jsonb' || type === 'json';
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key] ?? null;
      return isJson && value !== null ? JSON.stringify(value) : value;
    });
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  const names = keys.map((key) => sql.identifier(columns[key]!.name));
  await db.execute(
    sql`INSERT INTO ${sql.identifier(getTableConfig(table).name)} (${sql.join(names, sql`, `)}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
  );
}
