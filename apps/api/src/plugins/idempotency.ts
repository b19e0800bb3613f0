import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';

const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_CONFLICT_MESSAGE = 'This Idempotency-Key was already used with a different request';

/** JSON with sorted keys, so {a,b} and {b,a} hash alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function hashRequest(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(body)}`)
    .digest('hex');
}

export function readIdempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') return undefined;
  if (key.length > 255)
    throw new AppError('bad_request', 'The Idempotency-Key header must be at most 255 characters', { field: 'Idempotency-Key' });
  return key;
}

type IdempotentWork<T> = (tx: Tx, afterCommit: (task: () => Promise<void>) => void) => Promise<T>;

type IdempotencyOptions = { org_id: string; scope: string; key: string | undefined; body: unknown };

/**
 * Runs a money-moving request once per Idempotency-Key. The key row is inserted in the same
 * transaction as the work: a concurrent duplicate blocks on the unique key until the first
 * commits, then answers its stored result; if the first failed (rolled back) the duplicate runs.
 * The same key with another body (or on another route) is refused with idempotency_conflict.
 */
export async function runIdempotent<T>(
  db: Db,
  options: IdempotencyOptions,
  work: IdempotentWork<T>,
): Promise<{ result: T; isReplay: boolean }> {
  const tasks: (() => Promise<void>)[] = [];
  const requestHash = hashRequest(options.scope, options.body);
  const answer = await db.transaction(async (tx) => {
    const { key } = options;
    if (key) {
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ org_id: options.org_id, key, scope: options.scope, request_hash: requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 0) {
        const [existing] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.org_id, options.org_id), eq(idempotencyKeys.key, key)));
        if (!existing || existing.scope !== options.scope || existing.request_hash !== requestHash) {
          throw new AppError('idempotency_conflict', IDEMPOTENCY_CONFLICT_MESSAGE);
        }
        return { result: existing.response as T, isReplay: true };
      }
    }
    const result = await work(tx, (task) => tasks.push(task));
    if (key) {
      await tx
        .update(idempotencyKeys)
        .set({ status_code: 200, response: result as object })
        .where(and(eq(idempotencyKeys.org_id, options.org_id), eq(idempotencyKeys.key, key)));
    }
    return { result, isReplay: false };
  });
  if (!answer.isReplay) for (const task of tasks) await task();
  return answer;
}

/** The route-side helper: reads the header, runs the work once, marks a replayed answer. */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { org_id: string; scope: string },
  work: IdempotentWork<T>,
): Promise<T> {
  const { result, isReplay } = await runIdempotent(db, { ...options, key: readIdempotencyKey(request), body: request.body }, work);
  if (isReplay) void reply.header('idempotent-replayed', 'true');
  return result;
}
