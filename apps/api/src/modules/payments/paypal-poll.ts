import type { Tx } from '../../db/client.ts';
import type { ProviderCall } from '../../db/schema/index.ts';
import { PAYPAL_PROVIDER, readPaypalBatch, type StartedPayout } from '../../providers/payouts/index.ts';
import { polledBatchEvents } from '../../providers/webhooks/index.ts';
import type { ProviderEventInput } from '../../providers/contract.ts';
import { notify } from '../notifications/index.ts';
import { recordProviderCall, storeProviderEvents, type ProviderOperation } from '../provider-calls/index.ts';

export const READ_PAYPAL_BATCH = 'paypal.batch.read';

/** A read of one batch: `poll` counts from 1; `payment_ids`: our payments in it whose outcome is not known yet. */
type PaypalPollRequest = { batch_id: string; payment_ids: string[]; poll: number };
type PaypalPollAnswer = { events: ProviderEventInput[]; waiting: string[] };

/** 1 min, 5 min, 30 min after the batch, then hourly: about a day in all before the owner is told. */
const POLL_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000];
const HOURLY_MS = 60 * 60_000;
export const MAX_PAYPAL_POLLS = 27;
const paypalPollDelayMs = (poll: number) => POLL_DELAYS_MS[poll - 1] ?? HOURLY_MS;

/** Records the poll-th read of a batch, due after its back-off; the key derives from the payout call's and the batch's. */
async function recordPoll(tx: Tx, options: { org_id: string; key: string; request: PaypalPollRequest }): Promise<void> {
  await recordProviderCall(tx, {
    org_id: options.org_id,
    provider: PAYPAL_PROVIDER,
    operation: READ_PAYPAL_BATCH,
    idempotency_key: `${options.key}:${options.request.poll}`,
    subject_id: options.request.batch_id,
    request: options.request,
    next_attempt_at: new Date(Date.now() + paypalPollDelayMs(options.request.poll)),
  });
}

/**
 * A PayPal batch whose items PayPal had not listed when the payout call read it back is read
 * again later by a job (this poll), so its payments are settled even when PayPal's webhooks never
 * come. One poll per batch of the call.
 */
export async function schedulePaypalPolls(tx: Tx, call: ProviderCall, started: StartedPayout[]): Promise<void> {
  const unlisted = new Map<string, string[]>();
  for (const payout of started)
    if (payout.batch_id && payout.payout_id === null)
      unlisted.set(payout.batch_id, [...(unlisted.get(payout.batch_id) ?? []), payout.payment_id]);
  for (const [batchId, paymentIds] of unlisted)
    await recordPoll(tx, {
      org_id: call.org_id,
      key: `${call.idempotency_key}:poll:${batchId}`,
      request: { batch_id: batchId, payment_ids: paymentIds, poll: 1 },
    });
}

/** PayPal never said: the owner sees it in the bell, the operator in the log (ids and counts only). */
async function tellUnconfirmed(tx: Tx, call: ProviderCall, count: number, reason: string): Promise<void> {
  console.error('[paypal-poll] a batch is still unconfirmed; its payments stay processing', call.id, count, reason);
  await notify(tx, {
    org_id: call.org_id,
    text: `PayPal has not confirmed ${count === 1 ? 'a payment' : `${count} payments`} sent a day ago: check ${count === 1 ? 'it' : 'them'} in your PayPal account`,
    link: '/payments',
  });
}

/**
 * GET /v1/payments/payouts/{batch_id} on behalf of the organisation's PayPal. What it says about
 * our payments is stored as the payout events PayPal's webhooks would bring, in the transaction
 * that records the read, and applied after it by the same handler (modules/payments/events.ts):
 * the payment's state machine moves the ledger once, whichever of the poll and the webhook comes
 * first. Payments still unlisted or pending are read again after the back-off, until the limit.
 */
export const paypalPollOperation: ProviderOperation<PaypalPollRequest, PaypalPollAnswer> = {
  provider: PAYPAL_PROVIDER,
  operation: READ_PAYPAL_BATCH,
  async call(deps, request, ctx) {
    const batch = await readPaypalBatch(deps, { org_id: ctx.org_id, batch_id: request.batch_id });
    return polledBatchEvents(ctx.org_id, batch, request.payment_ids);
  },
  async onSucceeded({ tx }, call, answer, effects) {
    effects.eventIds.push(...(await storeProviderEvents({ db: tx }, PAYPAL_PROVIDER, answer.events)));
    if (answer.waiting.length === 0) return;
    const request = call.request as PaypalPollRequest;
    if (request.poll >= MAX_PAYPAL_POLLS) return tellUnconfirmed(tx, call, answer.waiting.length, 'still_pending');
    const key = call.idempotency_key.slice(0, call.idempotency_key.lastIndexOf(':'));
    await recordPoll(tx, { org_id: call.org_id, key, request: { ...request, payment_ids: answer.waiting, poll: request.poll + 1 } });
  },
  async onFailed({ tx }, call, error) {
    await tellUnconfirmed(tx, call, (call.request as PaypalPollRequest).payment_ids.length, error.code);
  },
};
