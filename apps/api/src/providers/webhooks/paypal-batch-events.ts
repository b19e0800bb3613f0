import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { providerCalls } from '../../db/schema/index.ts';
import type { ProviderEventInput } from '../contract.ts';
import { PAYPAL_BATCH_LIMIT } from '../payouts/paypal-payouts.ts';
import type { PayoutDestination } from '../payouts/types.ts';
import type { PaypalEvent } from './paypal-event.ts';

type CallItem = { payment_id: string; destination_sealed: string };

/**
 * PAYMENT.PAYOUTSBATCH.DENIED names only the batch (its sender_batch_id: our provider call's
 * idempotency key, with `:<n>` for the n-th batch of 15,000 of a larger call) and no items: each
 * PayPal or Venmo payment of that batch gets its own payout.failed (DENIED), keyed by the event.
 * PayPal pays nobody in a denied batch and gives its money back to the organisation.
 */
export async function deniedBatchEvents(deps: Pick<AppDeps, 'db' | 'secrets'>, event: PaypalEvent): Promise<ProviderEventInput[]> {
  const header = event.resource?.batch_header;
  const senderBatchId = header?.sender_batch_header?.sender_batch_id;
  if (!event.id || !header?.payout_batch_id || !senderBatchId) return [];
  const chunk = /^(.*):(\d+)$/.exec(senderBatchId);
  const keys = chunk ? [senderBatchId, chunk[1]!] : [senderBatchId];
  const calls = await deps.db.select().from(providerCalls).where(inArray(providerCalls.idempotency_key, keys));
  // The whole key first: a key of ours may itself end in :<digits>.
  const call = calls.find((candidate) => candidate.idempotency_key === senderBatchId) ?? calls[0];
  if (!call) return [];
  const index = call.idempotency_key === senderBatchId ? 0 : Number(chunk![2]);
  const items = ((call.request as { payouts?: CallItem[] }).payouts ?? []).filter((item) => {
    const destination = JSON.parse(deps.secrets.decrypt(item.destination_sealed)) as PayoutDestination;
    return destination.method === 'paypal' || destination.method === 'venmo';
  });
  return items.slice(index * PAYPAL_BATCH_LIMIT, (index + 1) * PAYPAL_BATCH_LIMIT).map((item) => ({
    id: `${event.id}:${item.payment_id}`,
    type: 'payout.failed',
    org_id: call.org_id,
    object_id: header.payout_batch_id!,
    data: { payment_id: item.payment_id, reason: header.batch_status ?? 'DENIED', batch_id: header.payout_batch_id! },
  }));
}
