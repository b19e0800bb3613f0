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
