import { and, eq, lt, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { niumPayouts, payments, type NiumPayoutRow, type ProviderEvent } from '../../db/schema/index.ts';
import type { HandlerUnit, ProviderEventHandler, ProviderEventOutcome } from '../../events/dispatcher.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { NIUM_PROVIDER } from '../../providers/payouts/index.ts';
import { niumCallProvider, niumProvider } from '../nium/index.ts';
import { acceptProviderEvents } from '../provider-calls/index.ts';
import { settleAbroad, type AbroadOutcome } from './nium-settle.ts';

const PREFIX = 'nium.remittance.';
/** Statuses after which nothing more happens to a payment abroad. */
const FINAL_STATUSES = ['paid', 'returned', 'rejected', 'expired', 'failed', 'cancelled'];
const OUTCOME: Record<string, AbroadOutcome> = {
  paid: 'paid',
  returned: 'returned',
  rejected: 'failed',
  expired: 'failed',
  failed: 'failed',
  cancelled: 'failed',
};

const minor = (value: string | undefined) => (value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined);

async function payoutOf(unit: HandlerUnit, event: ProviderEvent): Promise<NiumPayoutRow | null> {
  const byPayment = event.data.payment_id;
  const [row] = await unit.tx
    .select()
    .from(niumPayouts)
    .where(
      and(
        eq(niumPayouts.org_id, event.org_id),
        byPayment ? eq(niumPayouts.payment_id, byPayment) : eq(niumPayouts.transfer_id, event.object_id),
      ),
    )
    .for('update');
  return row ?? null;
}

/**
 * Nium's remittance statuses (its webhooks, the sandbox's events, the sweep's reads): the final
 * ones settle the payment (paid with the figures Nium converted at, returned, or rejected /
 * expired / failed: the money back); the others are where the payment is (an RFI raised or
 * answered, compliance done, sent to the bank), shown to the owner and the payee.
 */
async function applyRemittance(unit: HandlerUnit, event: ProviderEvent, now: Date): Promise<ProviderEventOutcome> {
  const status = event.type.slice(PREFIX.length);
  const payout = await payoutOf(unit, event);
  if (!payout) return 'retry_later';
  const outcome = OUTCOME[status];
  if (outcome)
    return settleAbroad(unit, {
      payout,
      outcome,
      converted: {
        source: minor(event.data.source_amount),
        destination: minor(event.data.destination_amount),
        ...(event.data.rate ? { rate: event.data.rate } : {}),
        reason: event.data.status_details ?? status,
      },
      now,
    });
  if (FINAL_STATUSES.includes(payout.status)) return undefined;
  // A compliance nudge says an RFI was raised or answered, not which: Nium is asked once this has committed.
  if (status === 'compliance_changed') {
    unit.afterCommit(async () => {
      await followRemittance(unit.deps, payout).catch((error: unknown) => {
        console.error('[nium] reading a remittance after a compliance webhook failed; the sweep reads it later', String(error));
      });
    });
    return undefined;
  }
  await unit.tx
    .update(niumPayouts)
    .set({ status, ...(status === 'rfi_responded' ? { rfis: payout.rfis.map((rfi) => ({ ...rfi, status: 'RFI_RESPONDED' })) } : {}) })
    .where(eq(niumPayouts.payment_id, payout.payment_id));
  // Held on an RFI: the payment says so where the owner and the payee look.
  await unit.tx
    .update(payments)
    .set({ failure_reason: status === 'rfi_requested' ? 'Nium asks for more information' : null })
    .where(and(eq(payments.id, payout.payment_id), eq(payments.status, 'processing')));
}

export const niumRemittanceEvents: ProviderEventHandler = { handles: (type) => type.startsWith(PREFIX), apply: applyRemittance };

/** How long a payment abroad may go without news before the sweep asks Nium where it is. */
const QUIET_MS = 15 * 60_000;

/**
 * Where Nium says a payment abroad is (getRemittance, no transaction open), applied as its webhook
 * would be: the same event id as the webhook of that status (nium:<reference>:<STATUS>, and the
 * RFIs' ids for an RFI status), so one arriving later, or read again, is the same event. Answers
 * whether Nium answered.
 */
async function followRemittance(deps: AppDeps, payout: NiumPayoutRow): Promise<boolean> {
  if (!payout.transfer_id) return false;
  const state = await niumProvider(deps)
    .getRemittance({ org_id: payout.org_id, transfer_id: payout.transfer_id })
    .catch(() => null);
  if (!state) return false;
  if (state.status === payout.status || state.status === 'initiated') return true;
  // A second RFI on the same payment is a new event: the RFIs asked make part of an RFI status's id.
  const asked = state.status.startsWith('rfi_') ? `:${state.rfis.map((rfi) => rfi.rfi_id).join(',')}` : '';
  await acceptProviderEvents(deps, deps.config.isSandbox ? niumCallProvider(deps) : NIUM_PROVIDER, [
    {
      id: `nium:${payout.transfer_id}:${state.provider_status}${asked}`,
      type: `${PREFIX}${state.status}`,
      org_id: payout.org_id,
      object_id: payout.transfer_id,
      data: { payment_id: payout.payment_id },
    },
  ]);
  return true;
}

/**
 * The sweep for missed webhooks: payments abroad not final and quiet for a while are read from
 * Nium and their status applied as the webhook would have been (followRemittance). Answers how
 * many it read.
 */
export async function sweepAbroadPayouts(deps: AppDeps): Promise<number> {
  const cutoff = new Date((await sandboxNow(deps.db)).getTime() - QUIET_MS);
  const open = await deps.db
    .select()
    .from(niumPayouts)
    .where(and(notInArray(niumPayouts.status, FINAL_STATUSES), lt(niumPayouts.updated_at, cutoff)))
    .limit(500);
  let read = 0;
  for (const payout of open) if (await followRemittance(deps, payout)) read += 1;
  return read;
}
