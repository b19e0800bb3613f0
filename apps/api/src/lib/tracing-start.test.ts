import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT } from '../paths.ts';

type OtlpSpan = { name: string; attributes: { key: string; value: Record<string, unknown> }[] };
type OtlpBody = { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] };

// A local OTLP/HTTP receiver: what the exporter sends, as JSON.
const received: OtlpBody[] = [];
let endpoint: string;
const receiver = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (request.url === '/v1/traces') received.push(JSON.parse(body) as OtlpBody);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** Runs test/trace-child.ts preloaded with tracing-start.ts, as `node --import ./dist/tracing.js` runs the server. */
async function runChild(env: Record<string, string>): Promise<{ tracing: boolean }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--import', path.join(API_ROOT, 'src/lib/tracing-start.ts'), path.join(API_ROOT, 'test/trace-child.ts')],
    { cwd: API_ROOT, env: { PATH: process.env.PATH, PG_URL: inject('serverUrl'), ...env }, timeout: 30_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { tracing: boolean };
}

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('exports the request and its query as spans of one trace, without the query string or the caller', async () => {
    expect(await runChild({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'crewpay-test' })).toEqual({ tracing: true });
    const spans = received.flatMap((body) =>
      body.resourceSpans.flatMap((resource) =>
        resource.scopeSpans.flatMap((scope) => scope.spans.map((span) => ({ scope: scope.scope.name, ...span }))),
      ),
    );
    const server = spans.find((span) => span.scope === '@opentelemetry/instrumentation-http' && span.name === 'GET');
    const query = spans.find((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query'));
    expect(server).toBeDefined();
    expect(query).toBeDefined();
    expect((query as unknown as { traceId: string }).traceId).toBe((server as unknown as { traceId: string }).traceId);
    expect(query!.attributes).toContainEqual({ key: 'db.query.text', value: { stringValue: 'SELECT $1::int AS one' } });
    const text = JSON.stringify(received);
    expect(text).toContain('/v1/creators');
    expect(text).not.toContain('jane');
    expect(text).not.toContain('client.address');
    expect(text).not.toContain('user_agent');
  });

  it('loads nothing and exports nothing when the endpoint is not set', async () => {
    received.length = 0;
    expect(await runChild({})).toEqual({ tracing: false });
    expect(received).toEqual([]);
  });
});
