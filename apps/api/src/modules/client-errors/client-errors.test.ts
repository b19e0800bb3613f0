import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { clientErrorCaps } from './caps.ts';

// A Sentry-compatible ingestion endpoint: what it receives, with its auth header.
const received: { url: string; auth: string; body: string }[] = [];
const tracker = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    received.push({ url: request.url ?? '', auth: String(request.headers['x-sentry-auth']), body });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}');
  });
});

let ctx: TestContext;
beforeAll(async () => {
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  const { port } = tracker.address() as { port: number };
  ctx = await createTestContext({ SENTRY_DSN: `http://publickey123@127.0.0.1:${port}/errors/42` });
});
afterAll(() => new Promise<void>((resolve) => tracker.close(() => resolve())));

const report = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/v1/client_errors', payload: payload as object });
const waitForTracker = async (count: number) => {
  for (let tries = 0; tries < 50 && received.length < count; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('POST /v1/client_errors', () => {
  it('takes a report from anyone and forwards it to the DSN without personal data, even when the browser sent some', async () => {
    const response = await report({
      kind: 'render',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'ssn') for jane.doe@example.com, creator 0192f0e0-0000-7000-8000-000000000001",
      page: '/creators/0192f0e0-0000-7000-8000-000000000001?search=jane',
      stack:
        "TypeError: Cannot read 'ssn' of jane.doe@example.com\n    at CreatorPage (http://127.0.0.1:3000/assets/creator-abc.js:1:2345)\n    at renderWithHooks (http://127.0.0.1:3000/assets/index-def.js:9:8)\n@http://127.0.0.1:3000/assets/index-def.js?v=jane@example.com:3:4",
    });
    expect(response.statusCode, response.body).toBe(204);
    await waitForTracker(1);
    expect(received).toHaveLength(1);
    const [envelope] = received;
    expect(envelope!.url).toBe('/errors/api/42/envelope/');
    expect(envelope!.auth).toContain('sentry_key=publickey123');
    const [header, item, event] = envelope!.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({
      event_id: (header as { event_id: string }).event_id,
      level: 'error',
      transaction: '/creators/:id',
      tags: { kind: 'render', page: '/creators/:id' },
      exception: { values: [{ type: 'TypeError', value: "Cannot read properties of undefined (reading 'ssn') for [email], creator :id" }] },
      extra: {
        stack:
          'at CreatorPage (/assets/creator-abc.js:1:2345)\nat renderWithHooks (/assets/index-def.js:9:8)\nat <anonymous> (/assets/index-def.js:3:4)',
      },
    });
    expect(envelope!.body).not.toMatch(/jane|0192f0e0/);
  });

  it('takes a failed call with its method, path pattern and status', async () => {
    const before = received.length;
    const response = await report({
      kind: 'api',
      name: 'ApiError',
      message: 'Something went wrong on our side, please try again',
      page: '/payments',
      call: { method: 'PUT', path: '/v1/payments/initiate', status: 500 },
    });
    expect(response.statusCode).toBe(204);
    await waitForTracker(before + 1);
    const event = JSON.parse(received.at(-1)!.body.split('\n')[2]!) as { tags: Record<string, string>; transaction: string };
    expect(event.tags).toEqual({ kind: 'api', page: '/payments', call: 'PUT /v1/payments/initiate', status: '500' });
    expect(event.transaction).toBe('PUT /v1/payments/initiate');
  });

  it('refuses anything but a report: unknown fields, oversized texts, a bad status, a large body', async () => {
    const valid = { kind: 'render', name: 'Error', message: 'x', page: '/' };
    expect((await report({ ...valid, email: 'jane@example.com' })).statusCode).toBe(400);
    expect((await report({ ...valid, message: 'x '.repeat(300) })).statusCode).toBe(400);
    expect((await report({ ...valid, kind: 'api', call: { method: 'GET', path: '/v1/x', status: 999 } })).statusCode).toBe(400);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/v1/client_errors',
      headers: { 'content-type': 'application/json' },
      payload: '{no',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/v1/client_errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, stack: 'a'.repeat(20_000) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('caps on anonymous error reports (issue 40, finding 12)', () => {
  const from = (ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/v1/client_errors',
      headers: { 'x-forwarded-for': ip },
      payload: { kind: 'render', name: 'TypeError', message: 'x is undefined', page: '/creators' },
    });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it(`logs and forwards at most ${clientErrorCaps.perIpPerHour} reports an hour from one address, answering alike past that`, async () => {
    await settle();
    const before = received.length;
    for (let index = 0; index < clientErrorCaps.perIpPerHour + 10; index++) expect((await from('203.0.113.95')).statusCode).toBe(204);
    await waitForTracker(before + clientErrorCaps.perIpPerHour);
    await settle();
    expect(received.length - before).toBe(clientErrorCaps.perIpPerHour);
  });

  it('logs and forwards nothing past the hourly ceiling of everyone together', async () => {
    const ceiling = clientErrorCaps.perHour;
    try {
      clientErrorCaps.perHour = 0;
      await settle();
      const before = received.length;
      expect((await from('203.0.113.96')).statusCode).toBe(204);
      await settle();
      expect(received.length).toBe(before);
    } finally {
      clientErrorCaps.perHour = ceiling;
    }
  });
});
