import http from 'node:http';
import pg from 'pg';

/**
 * The yardstick of the list benchmarks: a bare node-postgres HTTP server answering the same page
 * of creators from the same database, by keyset on (created_at, id) after a cursor, or a trigram
 * search, with JSON.stringify and nothing else (no auth, no validation, no framework).
 */
export async function startBareServer(databaseUrl: string, orgId: string): Promise<{ base: string; stop(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const columns = `id, email, entity_type, first_name, last_name, business_name, is_active, selected_payment_method, created_at,
    (extract(epoch from created_at) * 1000000)::bigint::text AS cursor_us`;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://bare');
    const after = url.searchParams.get('after');
    const search = url.searchParams.get('search');
    const [query, values] = search
      ? [
          `SELECT ${columns} FROM creators WHERE org_id = $1 AND search_text LIKE $2 ORDER BY created_at DESC, id DESC LIMIT 51`,
          [orgId, `%${search}%`],
        ]
      : after
        ? [
            `SELECT ${columns} FROM creators WHERE org_id = $1
               AND (created_at, id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid)
             ORDER BY created_at DESC, id DESC LIMIT 51`,
            [orgId, ...after.split('.')],
          ]
        : [`SELECT ${columns} FROM creators WHERE org_id = $1 ORDER BY created_at DESC, id DESC LIMIT 51`, [orgId]];
    pool.query(query, values).then(
      (result) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ data: result.rows.slice(0, 50), has_more: result.rows.length > 50 }));
      },
      (error: Error) => {
        response.writeHead(500);
        response.end(error.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
