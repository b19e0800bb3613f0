import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, `Z`), for rows that
 * PostgreSQL builds as JSON: the API answers the same text whichever way a row was read.
 */
export const isoTimestamp = (column: AnyPgColumn | SQL) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One JSON object per row, built by PostgreSQL from `fields` (its keys become the object's):
 * the driver parses one value per row, where mapping each column of each row in Node costs more
 * than the query itself on a page of 50 (docs/performance.md). Keys must be plain identifiers.
 */
export function jsonObject<Row>(fields: Record<string, AnyPgColumn | SQL>): SQL<Row> {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(key)) throw new Error(`Not a plain key: ${key}`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql<Row>`json_build_object(${sql.join(pairs, sql`, `)})`;
}
