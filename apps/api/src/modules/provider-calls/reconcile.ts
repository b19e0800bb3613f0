import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { providerCalls, providerEvents } from '../../db/schema/index.ts';
import { NO_HANDLER } from './events.ts';
import { UNKNOWN_OPERATION } from './run.ts';

type OutboxProblem =
  | { kind: 'unknown_provider_operation'; call_id: string; provider: string; operation: string }
  | { kind: 'unhandled_provider_event'; event_id: string; provider: string; type: string };

/**
 * The books' reconciliation lists what the outbox could not do for want of wiring: calls no
 * operation made (what they held is still held) and events no handler applied. Nothing here is
 * counted as checked: the report's count is of payments.
 */
export async function providerOutboxProblems(db: Db | Tx): Promise<{ checked: number; problems: OutboxProblem[] }> {
  const calls = await db
    .select({ id: providerCalls.id, provider: providerCalls.provider, operation: providerCalls.operation })
    .from(providerCalls)
    .where(and(eq(providerCalls.status, 'failed'), eq(providerCalls.last_error, UNKNOWN_OPERATION)));
  const events = await db
    .select({ id: providerEvents.id, provider: providerEvents.provider, type: providerEvents.type })
    .from(providerEvents)
    .where(and(isNull(providerEvents.processed_at), eq(providerEvents.last_error, NO_HANDLER)));
  return {
    checked: 0,
    problems: [
      ...calls.map((call) => ({
        kind: 'unknown_provider_operation' as const,
        call_id: call.id,
        provider: call.provider,
        operation: call.operation,
      })),
      ...events.map((event) => ({
        kind: 'unhandled_provider_event' as const,
        event_id: event.id,
        provider: event.provider,
        type: event.type,
      })),
    ],
  };
}
