import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { providerCalls } from '../../db/schema/index.ts';
import { insertStatement } from '../../db/insert-many.ts';
import { newId } from '../../lib/ids.ts';
import { loggableError } from '../../lib/log-safe.ts';

export const PROVIDER_CALLS_JOB = 'provider-calls';

type ProviderCallInput = {
  org_id: string;
  provider: string;
  operation: string;
  idempotency_key: string;
  subject_id?: string;
  /** Plain JSON; secrets (account numbers, tokens) sealed with deps.secrets first. */
  request: Record<string, unknown>;
  /** Not before then (a provider read again later); at once when absent. */
  next_attempt_at?: Date;
  /** Worth making only before then (a locked quote's expiry): made ahead of calls without one, the soonest first. */
  deadline?: Date | null;
};

/**
 * Records the intent of an outside call beside the rows the business transaction changes.
 * The same idempotency key twice is one call: the second answers the first's id.
 */
export async function recordProviderCall(tx: Tx, input: ProviderCallInput): Promise<string> {
  const [inserted] = await tx
    .insert(providerCalls)
    .values({ id: newId(), ...input, subject_id: input.subject_id ?? null })
    .onConflictDoNothing({ target: providerCalls.idempotency_key })
    .returning({ id: providerCalls.id });
  if (inserted) return inserted.id;
  const [existing] = await tx
    .select({ id: providerCalls.id })
    .from(providerCalls)
    .where(eq(providerCalls.idempotency_key, input.idempotency_key));
  return existing!.id;
}

/**
 * recordProviderCall for many calls (an execution's payouts): a thousand rows a statement, then
 * one read of their ids, instead of two statements a call. Answers the ids in the inputs' order;
 * a key recorded before answers its first call's id, as recordProviderCall does.
 */
export async function recordProviderCalls(tx: Tx, inputs: Omit<ProviderCallInput, 'next_attempt_at'>[]): Promise<string[]> {
  const ids = new Map<string, string>();
  for (let start = 0; start < inputs.length; start += RECORD_CHUNK) {
    const chunk = inputs.slice(start, start + RECORD_CHUNK);
    const rows = chunk.map((input) => ({ id: newId(), ...input, subject_id: input.subject_id ?? null, deadline: input.deadline ?? null }));
    await tx.execute(sql`${insertStatement(providerCalls, rows)} ON CONFLICT (idempotency_key) DO NOTHING`);
    const recorded = await tx
      .select({ id: providerCalls.id, key: providerCalls.idempotency_key })
      .from(providerCalls)
      .where(
        inArray(
          providerCalls.idempotency_key,
          chunk.map((input) => input.idempotency_key),
        ),
      );
    for (const row of recorded) ids.set(row.key, row.id);
  }
  return inputs.map((input) => ids.get(input.idempotency_key)!);
}
const RECORD_CHUNK = 1000;

/**
 * After the commit: asks the job to make these calls now (tests' inline jobs make them before
 * this returns). A job that cannot be sent is not an error: the sweep finds the calls.
 */
export async function runProviderCallsSoon(deps: Pick<AppDeps, 'jobs'>, callIds: string[]): Promise<void> {
  if (callIds.length === 0) return;
  try {
    await deps.jobs.send(PROVIDER_CALLS_JOB, { ids: callIds });
  } catch (error) {
    console.error('[provider-calls] could not queue calls; the sweep will make them', JSON.stringify(loggableError(error)));
  }
}
