import { fillPlaceholders, type SQLWrapper } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.ts';

type BuiltSelect = SQLWrapper & { toSQL(): { sql: string; params: unknown[] }; _: { selectedFields: Record<string, unknown> } };

/**
 * A select Drizzle built (typed columns, placeholders), run by node-postgres itself as a named
 * prepared statement: each row comes back as node-postgres parses it (timestamptz a Date, int8 a
 * number, json parsed) with the select's keys, without Drizzle's per-column mapping, which on a
 * page of 50 rows cost more in Node than PostgreSQL took to answer (docs/performance.md). For the
 * hot list pages; `Row` is what those parsers give for the selected columns.
 */
export function preparedRows<Row>(db: Db, name: string, query: BuiltSelect) {
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(query._.selectedFields);
  const pool = (db as Db & { $client: pg.Pool }).$client;
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      const result = await pool.query<unknown[]>({ name, text, values: fillPlaceholders(params, values), rowMode: 'array' });
      return result.rows.map((cells) => {
        const row: Record<string, unknown> = {};
        for (let index = 0; index < keys.length; index += 1) row[keys[index]!] = cells[index];
        return row as Row;
      });
    },
  };
}

/**
 * `prepare` run once per database and statement shape (its flags and page size), the result
 * kept: a list's page statements are built by Drizzle once and, being named, parsed and planned
 * by PostgreSQL once per connection.
 */
export function preparedPerShape<Shape extends Record<string, boolean | number>, Prepared>(prepare: (db: Db, shape: Shape) => Prepared) {
  const byDatabase = new WeakMap<Db, Map<string, Prepared>>();
  return (db: Db, shape: Shape): Prepared => {
    let byShape = byDatabase.get(db);
    if (!byShape) byDatabase.set(db, (byShape = new Map()));
    const key = JSON.stringify(shape);
    let prepared = byShape.get(key);
    if (!prepared) byShape.set(key, (prepared = prepare(db, shape)));
    return prepared;
  };
}
