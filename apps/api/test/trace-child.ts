// Run by lib/tracing-start.test.ts in a process of its own, preloaded with lib/tracing-start.ts:
// one HTTP request (with a query string) whose handler queries PostgreSQL, made with fetch.
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.PG_URL });
const server = http.createServer((_request, response) => {
  pool.query('SELECT $1::int AS one', [1]).then(
    () => response.end('ok'),
    () => response.writeHead(500).end(),
  );
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const answer = await fetch(`http://127.0.0.1:${port}/v1/creators?search=jane@example.com`);
await answer.text();
server.close();
await pool.end();
// Whether a tracer provider was registered with the OpenTelemetry API (its global).
console.log(JSON.stringify({ tracing: Symbol.for('opentelemetry.js.api.1') in globalThis }));
