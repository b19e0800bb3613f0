import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** The body's bytes (a multipart upload's file is not text). */
  raw: Buffer;
};
/** A Buffer `body` is sent as it is (a file download); anything else as JSON. */
export type FakeAnswer = {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body sent as it is (an HTML page a provider shows in the browser) instead of `body` as JSON. */
  raw?: string;
  /** The connection drops before any answer (a reset, a timeout): the caller cannot know what became of its request. */
  dropConnection?: boolean;
};
type Route = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/**
 * A provider's API on 127.0.0.1 (an ephemeral port unless one is given), for tests and for
 * `npm run fakes` (nothing leaves the machine). It records every request, and can be told to
 * answer the next matching requests with a scripted failure first (a 429 with Retry-After, a
 * 500), as the real services do. Under vitest it closes after the test file.
 */
export async function startHttpFake(route: Route, options: { port?: number } = {}) {
  const requests: FakeRequest[] = [];
  const failures: { path: RegExp; answer: FakeAnswer }[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => void answer());
    async function answer() {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks);
      const request = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: raw.toString('utf8'),
        raw,
      };
      requests.push(request);
      const scripted = failures.findIndex((failure) => failure.path.test(request.path));
      let reply: FakeAnswer;
      try {
        reply = scripted >= 0 ? failures.splice(scripted, 1)[0]!.answer : await route(request);
      } catch (error) {
        reply = { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
      }
      if (reply.dropConnection) return void incoming.socket.destroy();
      outgoing.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      outgoing.end(reply.raw ?? (Buffer.isBuffer(reply.body) ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body)));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  if (process.env.VITEST) {
    const { afterAll } = await import('vitest');
    afterAll(close);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close,
    requests,
    /** The next request to a matching path gets this answer instead (once). */
    failNext: (path: RegExp, answer: FakeAnswer) => failures.push({ path, answer }),
  };
}

/** Stripe's and Twilio's form bodies (a[b][0]=c) as nested objects and arrays. */
export function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return result;
}
