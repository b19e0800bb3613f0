import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import type { ProviderCall } from '../../db/schema/index.ts';
import { payoutsProvider, type PayoutDestination, type StartedPayout } from '../../providers/payouts/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { withLookUp } from '../provider-calls/index.ts';
import { PAYOUT_EDGES, settlePayment } from './events.ts';
import { recordPaypalSent } from './paypal-money.ts';
import { schedulePaypalPolls } from './paypal-poll.ts';

export const CREATE_PAYOUTS = 'payouts.create';

/**
 * One payout of a call: the destination is sealed as it was at execution, so a payment already
 * executed keeps going to the details it was executed with, whatever changes later.
 */
export type PayoutCallItem = { payment_id: string; amount: number; destination_sealed: string };
export type PayoutCallRequest = { payouts: PayoutCallItem[] };

const itemsOf = (call: ProviderCall) => (call.request as PayoutCallRequest).payouts;
const CHUNK = 1000;

/** The payouts' ids on our payments and their wallet transactions, unless an event brought them first (calls of one organisation). */
async function recordPayoutIds(tx: Tx, call: Pick<ProviderCall, 'org_id'>, answered: StartedPayout[]): Promise<void> {
  // A payout the rail has not listed yet gets its id from its events.
  const started = answered.filter((item): item is StartedPayout & { payout_id: string } => item.payout_id !== null);
  for (let start = 0; start < started.length; start += CHUNK) {
    const values = sql.join(
      started.slice(start, start + CHUNK).map((item) => sql`(${item.payment_id}::uuid, ${item.payout_id})`),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE payments AS p SET stripe_reference_id = v.payout_id, updated_at = now()
      FROM (VALUES ${values}) AS v(id, payout_id)
      WHERE p.id = v.id AND p.org_id = ${call.org_id} AND p.stripe_reference_id IS NULL`);
    await tx.execute(sql`
      UPDATE treasury_transactions AS t SET provider_id = v.payout_id, updated_at = now()
      FROM (VALUES ${values}) AS v(id, payout_id)
      WHERE t.org_id = ${call.org_id} AND t.metadata->>'payment_id' = v.id::text AND t.provider_id IS NULL`);
  }
}

/**
 * Starts the payouts of one execution (up to a thousand payments a call) on their rails, after
 * the commit that made them processing and held their money. Refused for good, each payment
 * fails and its held amount and fee go back to available, as a payout.failed would do.
 */
const payoutsOf = (deps: Pick<AppDeps, 'secrets'>, request: PayoutCallRequest) =>
  request.payouts.map((item) => ({
    payment_id: item.payment_id,
    amount: item.amount,
    destination: JSON.parse(deps.secrets.decrypt(item.destination_sealed)) as PayoutDestination,
  }));

/** Succeeded calls grouped by their organisation, in their order. */
function byOrganisation<T extends { call: ProviderCall }>(items: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.call.org_id, [...(groups.get(item.call.org_id) ?? []), item]);
  return [...groups.values()];
}

export const createPayoutsOperation = withLookUp<PayoutCallRequest, StartedPayout[]>({
  operation: CREATE_PAYOUTS,
  call: (deps, request, ctx) =>
    payoutsProvider(deps).createPayouts({ org_id: ctx.org_id, idempotency_key: ctx.idempotency_key, payouts: payoutsOf(deps, request) }),
  // The rails' payouts made for ours when the answer was lost: bank payouts by our payment id, a PayPal batch by its sender_batch_id.
  find: (deps, request, ctx) =>
    payoutsProvider(deps).findPayouts?.({ org_id: ctx.org_id, idempotency_key: ctx.idempotency_key, payouts: payoutsOf(deps, request) }),
  // A run of calls (an execution's bank payouts, one a call) is recorded a few statements per organisation, not per call.
  async onSucceededTogether({ tx }, succeeded) {
    for (const calls of byOrganisation(succeeded)) {
      const orgId = calls[0]!.call.org_id;
      await recordPayoutIds(
        tx,
        { org_id: orgId },
        calls.flatMap((item) => item.response),
      );
      for (const { call, response } of calls) await schedulePaypalPolls(tx, call, response);
      // PayPal accepted the batch: the amounts left the organisation's PayPal balance (a call holds PayPal items only, or none).
      await recordPaypalSent(
        tx,
        orgId,
        calls.flatMap(({ call }) => itemsOf(call).map((item) => item.payment_id)),
      );
    }
  },
  async onFailed(unit, call, error) {
    const now = await sandboxNow(unit.tx);
    for (const item of itemsOf(call)) {
      await settlePayment(unit, {
        org_id: call.org_id,
        payment_id: item.payment_id,
        edge: PAYOUT_EDGES['payout.failed']!,
        reason: error.code,
        key: `call:${call.id}:${item.payment_id}`,
        now,
      });
    }
  },
});
