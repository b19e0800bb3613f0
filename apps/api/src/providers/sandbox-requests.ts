import { eq } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { Tx } from '../db/client.ts';
import { sandboxRequests } from '../db/schema/index.ts';

/**
 * How a sandbox provider honours an idempotency key, as Stripe does: the first request with a
 * key does its work in the sandbox's own transaction and keeps its answer (sealed: it may hold
 * account numbers); a repeat of the key answers the same, doing nothing. A concurrent repeat
 * waits on the key's row, then reads the answer.
 */
export async function onceForKey<T>(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  options: { provider: string; operation: string; idempotency_key: string },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(sandboxRequests)
      .values({ ...options, response_sealed: '' })
      .onConflictDoNothing()
      .returning({ key: sandboxRequests.idempotency_key });
    if (!claimed) {
      const [earlier] = await tx.select().from(sandboxRequests).where(eq(sandboxRequests.idempotency_key, options.idempotency_key));
      return JSON.parse(deps.secrets.decrypt(earlier!.response_sealed)) as T;
    }
    const answer = await work(tx);
    await tx
      .update(sandboxRequests)
      .set({ response_sealed: deps.secrets.encrypt(JSON.stringify(answer)) })
      .where(eq(sandboxRequests.idempotency_key, options.idempotency_key));
    return answer;
  });
}

/**
 * onceForKey for work whose answer is known before it is done (ids the sandbox makes, the sandbox
 * time): the claim carries the answer, one statement fewer than a claim answered after the work.
 * A repeat of the key answers the first request's answer and does nothing; a concurrent repeat
 * waits on the key's row, as with onceForKey.
 */
export async function onceForKeyAnswering<T>(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  options: { provider: string; operation: string; idempotency_key: string },
  steps: { answer: (tx: Tx) => T | Promise<T>; work: (tx: Tx, answer: T) => Promise<unknown> },
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const answer = await steps.answer(tx);
    const [claimed] = await tx
      .insert(sandboxRequests)
      .values({ ...options, response_sealed: deps.secrets.encrypt(JSON.stringify(answer)) })
      .onConflictDoNothing()
      .returning({ key: sandboxRequests.idempotency_key });
    if (!claimed) {
      const [earlier] = await tx.select().from(sandboxRequests).where(eq(sandboxRequests.idempotency_key, options.idempotency_key));
      return JSON.parse(deps.secrets.decrypt(earlier!.response_sealed)) as T;
    }
    await steps.work(tx, answer);
    return answer;
  });
}

/** True the first time the sandbox sees `key` (for outcomes that happen once per request, like a busy answer). */
export async function isFirstRequest(
  deps: Pick<AppDeps, 'db'>,
  options: { provider: string; operation: string; key: string },
): Promise<boolean> {
  const [first] = await deps.db
    .insert(sandboxRequests)
    .values({ idempotency_key: options.key, provider: options.provider, operation: options.operation, response_sealed: '' })
    .onConflictDoNothing()
    .returning({ key: sandboxRequests.idempotency_key });
  return first !== undefined;
}
