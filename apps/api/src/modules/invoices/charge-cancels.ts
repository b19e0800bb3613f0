import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { charges, type Charge, type ProviderCall } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import type { JobWorker } from '../../events/kernel.ts';
import type { HandlerUnit } from '../../events/dispatcher.ts';
import { paymentsInProvider, type CanceledCharge } from '../../providers/payments-in/index.ts';
import { recordProviderCall, runProviderCallsSoon, withLookUp } from '../provider-calls/index.ts';
import { chargeAt } from './charge-at.ts';
import { failCharge, NO_ACTION } from './charge-outcomes.ts';

const CANCEL_CHARGE = 'payments_in.cancel_charge';

/**
 * How long a payment may wait for its payer before it is canceled (docs/decisions.md, "Stuck
 * payments"): a 3-D Secure step is answered in minutes or never, so an hour; a bank typed by hand
 * has Stripe's own window for its micro-deposits, 10 days.
 */
const AUTHENTICATION_WAIT_MS = 60 * 60_000;
const MICRODEPOSITS_WAIT_MS = 10 * 86_400_000;

/** Charges looked at per run; the rest wait for the next one. */
const STUCK_BATCH = 200;

type CancelRequest = { charge_id: string; provider_charge_id: string; account: string | null };

const requestOf = (call: ProviderCall) => call.request as CancelRequest;

/**
 * Records the cancel of a charge waiting for its payer beside whatever the caller's transaction
 * changes; the call is made after the commit. One key per charge: asked twice (the job and the
 * payer), it is one cancel.
 */
export function recordCancel(
  deps: AppDeps,
  tx: Tx,
  charge: Pick<Charge, 'id' | 'org_id' | 'provider_id' | 'provider_account'>,
): Promise<string> {
  const request: CancelRequest = { charge_id: charge.id, provider_charge_id: charge.provider_id!, account: charge.provider_account };
  return recordProviderCall(tx, {
    org_id: charge.org_id,
    provider: paymentsInProvider(deps).name,
    operation: CANCEL_CHARGE,
    idempotency_key: `${CANCEL_CHARGE}:${charge.id}`,
    subject_id: charge.id,
    request,
  });
}

/**
 * What the provider answered: canceled (or failed meanwhile), the charge fails and the invoice
 * stays open to pay by another card or method, the ledger untouched (no money moved; the
 * provider's payment_intent.canceled event later finds it failed and changes nothing). Gone on
 * meanwhile (succeeded, processing): nothing is canceled, the payer has nothing left to do, and
 * its outcome arrives as usual (paid once).
 */
async function applyCancel(unit: HandlerUnit, call: ProviderCall, answer: CanceledCharge): Promise<void> {
  const { charge_id: chargeId } = requestOf(call);
  if (answer.outcome === 'going_on') {
    await unit.tx
      .update(charges)
      .set(NO_ACTION)
      .where(and(eq(charges.org_id, call.org_id), eq(charges.id, chargeId), eq(charges.status, 'pending')));
    return;
  }
  await failCharge(unit, { org_id: call.org_id, charge_id: chargeId, reason: answer.reason, now: await sandboxNow(unit.tx) });
}

export const cancelChargeOperation = withLookUp<CancelRequest, CanceledCharge>({
  operation: CANCEL_CHARGE,
  call: (deps, request, ctx) => paymentsInProvider(deps).cancelCharge({ ...chargeAt(request, ctx), idempotency_key: ctx.idempotency_key }),
  onSucceeded: applyCancel,
  // A cancel whose answer was lost: the PaymentIntent is read (canceled, or succeeded meanwhile: then never canceled).
  find: (deps, request, ctx) => paymentsInProvider(deps).chargeAfterCancel?.(chargeAt(request, ctx)),
});

/**
 * Cancels the payments left waiting for their payer past their time (sandbox clock): a 3-D
 * Secure step after an hour, a bank's micro-deposits after 10 days. Each cancel goes through the
 * provider-calls outbox, recorded in its own transaction and made after it.
 */
export async function cancelStuckCharges(deps: AppDeps): Promise<number> {
  const now = (await sandboxNow(deps.db)).getTime();
  const stuck = await deps.db
    .select({ id: charges.id, org_id: charges.org_id, provider_id: charges.provider_id, provider_account: charges.provider_account })
    .from(charges)
    .where(
      and(
        eq(charges.status, 'pending'),
        isNotNull(charges.provider_id),
        or(
          and(eq(charges.next_action, 'authenticate'), lt(charges.created_at, new Date(now - AUTHENTICATION_WAIT_MS))),
          and(eq(charges.next_action, 'verify_bank'), lt(charges.created_at, new Date(now - MICRODEPOSITS_WAIT_MS))),
        ),
      ),
    )
    .limit(STUCK_BATCH);
  if (stuck.length === 0) return 0;
  const callIds = await deps.db.transaction(async (tx) => {
    const ids: string[] = [];
    for (const charge of stuck) ids.push(await recordCancel(deps, tx, charge));
    return ids;
  });
  await runProviderCallsSoon(deps, callIds);
  return stuck.length;
}

export const STUCK_CHARGES_JOB = 'invoices.stuck_charges';

/** Every five minutes: a payment is canceled within minutes of its time running out. */
export const stuckChargeJobs: JobWorker[] = [{ queue: STUCK_CHARGES_JOB, cron: '*/5 * * * *', run: (deps) => cancelStuckCharges(deps) }];
