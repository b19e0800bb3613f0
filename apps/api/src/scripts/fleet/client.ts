// What a client of the fleet does: calls through the load balancer (or one instance), and for
// money writes retries with the same Idempotency-Key until an answer comes, as a client whose
// connection dropped (the instance it reached was killed) must.
import { randomUUID } from 'node:crypto';
import type { Fleet } from './cluster.ts';

export type Answer = { status: number; body: unknown; ms: number };
type CallOptions = { headers?: Record<string, string>; base?: string; idempotencyKey?: string; timeoutMs?: number };

export async function call(fleet: Fleet, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
  const started = performance.now();
  const isForm = body instanceof FormData;
  const response = await fetch(`${options.base ?? fleet.base}${path}`, {
    method,
    headers: {
      ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      ...options.headers,
    },
    // A string is sent as it is (a signed webhook's exact bytes).
    body: body === undefined ? undefined : isForm || typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): kept as text.
  }
  return { status: response.status, body: parsed, ms: performance.now() - started };
}

/** A call that must succeed (2xx); anything else stops the run with what was answered. */
export async function must<T>(fleet: Fleet, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  const answer = await call(fleet, method, path, body, options);
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body as T;
}

/**
 * A money write sent until it is answered: a dropped connection or a gateway error (502, 503,
 * 504: the instance died under it, the balancer had no instance) is sent again with the same
 * key, which the API answers with the first result or runs once if the first never committed.
 */
export async function untilAnswered<T>(
  fleet: Fleet,
  method: string,
  path: string,
  body: unknown,
  options: CallOptions & { attempts?: number } = {},
): Promise<{ body: T; attempts: number }> {
  const key = options.idempotencyKey ?? randomUUID();
  const attempts = options.attempts ?? 30;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      const answer = await call(fleet, method, path, body, { ...options, idempotencyKey: key });
      if (answer.status >= 200 && answer.status < 300) return { body: answer.body as T, attempts: attempt };
      if (![502, 503, 504].includes(answer.status))
        throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
    } catch (error) {
      if (!(error instanceof TypeError) && !(error instanceof DOMException)) throw error;
      // fetch failed: the connection was reset or refused.
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(250 * attempt, 2_000)));
  }
  throw new Error(`${method} ${path} got no answer in ${attempts} attempts`);
}

/** Polls `check` until it answers something, or gives up after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
