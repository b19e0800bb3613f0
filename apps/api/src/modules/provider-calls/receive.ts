import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { applyProviderEvents, retryWaitingProviderEvents, storeProviderEvents } from './events.ts';
import { WebhookSignatureError, type ProviderEventInput, type WebhookHeaders } from '../../providers/contract.ts';
import { webhookVerifierFor } from './registry.ts';
import { PROVIDER_CALLS_JOB } from './record.ts';
import { loggableError } from '../../lib/log-safe.ts';

const INVALID_SIGNATURE = 'Invalid signature';
const INVALID_PAYLOAD = 'Invalid webhook payload';

type ReceivedWebhook = { received: number; stored: number; applied: number };

/**
 * The one way provider events come in, for POST /v1/webhooks/:provider and for the sandbox's
 * own deliveries alike: the provider's verifier checks the signature and reads the events, each
 * is stored once by its id, then applied by its handler. A stored event that cannot be applied
 * yet (or whose handler failed) stays unprocessed for the events job: the answer is still a
 * success, since the event is ours now and will not be lost.
 */
export async function receiveProviderWebhook(
  deps: AppDeps,
  provider: string,
  rawBody: string,
  headers: WebhookHeaders,
): Promise<ReceivedWebhook> {
  const verifier = webhookVerifierFor(deps, provider);
  if (!verifier || (verifier.sandboxOnly && !deps.config.isSandbox)) throw new AppError('not_found', 'Unknown provider');
  let events: ProviderEventInput[];
  try {
    events = await verifier.verify(rawBody, headers, deps);
  } catch (error) {
    throw new AppError('bad_request', error instanceof WebhookSignatureError ? INVALID_SIGNATURE : INVALID_PAYLOAD);
  }
  return acceptProviderEvents(deps, provider, events);
}

/**
 * Stores verified events once each (by id) and applies them: the webhook route's path, and the
 * missed-events job's for events it listed at the provider that never arrived.
 */
export async function acceptProviderEvents(deps: AppDeps, provider: string, events: ProviderEventInput[]): Promise<ReceivedWebhook> {
  const stored = await storeProviderEvents(deps, provider, events);
  let applied = await applyProviderEvents(deps, stored);
  // An event that overtook an earlier one of the same object (a return before the paid) goes now.
  if (applied > 0) {
    const objectIds = [...new Set(events.filter((event) => stored.includes(event.id)).map((event) => event.object_id))];
    applied += await retryWaitingProviderEvents(deps, { object_ids: objectIds });
  }
  // What the applied events recorded to do at a provider (a fee's movement) is made now, not at the next sweep.
  if (applied > 0) await sweepProviderCallsSoon(deps);
  return { received: events.length, stored: stored.length, applied };
}

async function sweepProviderCallsSoon(deps: AppDeps): Promise<void> {
  try {
    await deps.jobs.send(PROVIDER_CALLS_JOB, {});
  } catch (error) {
    console.error('[provider-calls] could not queue the sweep; the next minute makes the calls', JSON.stringify(loggableError(error)));
  }
}
