import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * The statement inserting many rows whatever their number (null for none): the rows go as ONE
 * JSON parameter, `INSERT ... SELECT ... FROM json_to_recordset($1) AS r(col type, ...)`.
 * JSON.stringify runs in native code, where a multi-row VALUES list needs a parameter per cell
 * (Drizzle builds and checks each) and per-column arrays cost node-postgres an escaped array
 * literal per column (a third of the CPU of a 10,000-row import). PostgreSQL converts each field
 * with its column's input function (uuid, timestamptz from an ISO date, jsonb from the nested
 * JSON value). Columns left out of the first row take their database default; every row must
 * set the same columns (a column another row leaves out is NULL there).
 */
export function insertStatement<Table extends PgTable>(table: Table, rows: Table['$inferInsert'][]): SQL | null {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return null;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key] !== undefined && key in columns);
  const names = keys.map((key) => columns[key]!.name);
  const json = JSON.stringify(rows.map((row) => recordOf(row as Record<string, unknown>, keys, names)));
  const definitions = keys.map((key, index) => sql`${sql.identifier(names[index]!)} ${sql.raw(columns[key]!.getSQLType())}`);
  const identifiers = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  return sql`INSERT INTO ${sql.identifier(getTableConfig(table).name)} (${identifiers}) SELECT ${identifiers} FROM json_to_recordset(${json}::json) AS r(${sql.join(definitions, sql`, `)})`;
}

/** Inserts many rows in one statement (see insertStatement). */
export async function insertMany<Table extends PgTable>(db: DbOrTx, table: Table, rows: Table['$inferInsert'][]): Promise<void> {
  const statement = insertStatement(table, rows);
  if (statement) await db.execute(statement);
}

/**
 * Several insertStatement()s as ONE statement (each a WITH part): one round trip, so PostgreSQL
 * works through all of them while the caller prepares its next rows. Foreign keys between the
 * parts hold: PostgreSQL checks them at the end of the statement, when every part has run.
 */
export async function insertTogether(db: DbOrTx, statements: (SQL | null)[]): Promise<void> {
  const parts = statements.filter((statement): statement is SQL => statement !== null);
  if (parts.length === 0) return;
  const ctes = parts.map((statement, index) => sql`${sql.identifier(`part_${index}`)} AS (${statement})`);
  await db.execute(sql`WITH ${sql.join(ctes, sql`, `)} SELECT 1`);
}

/** The row keyed by column names, as json_to_recordset matches them (undefined reads as NULL). */
function recordOf(row: Record<string, unknown>, keys: string[], names: string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let index = 0; index < keys.length; index += 1) record[names[index]!] = row[keys[index]!] ?? null;
  return record;
}
