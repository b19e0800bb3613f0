import { eq } from 'drizzle-orm';
import { paymentMessages, type InitiatePaymentsBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { orgs, type Org, type Payment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { applyBackupWithholding } from './backup-withholding.ts';
import { claimWaits, type Destinations, type Parked } from './execution-waits.ts';
import { isPaypalMethod } from './paypal-money.ts';
import { destinationsFor } from './payouts.ts';
import { abroadAmount, priceAtQuotes } from './nium-execution.ts';
import { recomputeWithholdingAtExecution, rereadPayments } from './recompute.ts';
import { lockSelectedDrafts } from './selection.ts';

/**
 * What an execution of the selected drafts does, decided once under their locks and carried out
 * as decided (execution-pipeline.ts); the preview answers it and rolls back.
 * - `waiting`: drafts a draft wait claims (their invoice, their contract or deliverable): nothing held;
 * - `held`: every other draft, recomputed; the hold takes `total` for them;
 * - `parked`: those of `held` a held wait claims (an approval, payout details);
 * - `ready`: those of `held` sent now.
 */
export type ExecutionPlan = {
  org: Org;
  drafts: Payment[];
  waiting: Parked[];
  held: Payment[];
  parked: Parked[];
  ready: Payment[];
  destinations: Destinations;
  total: number;
  /** What the Nium wallet holds for the batch's payments abroad (USD cents). */
  abroad: number;
};

export async function orgOf(tx: Tx, orgId: string): Promise<Org> {
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
  if (!org) throw new AppError('not_found', 'Organization not found');
  return org;
}

/** The organisation, if it may execute at all (billing, treasury). */
export async function executingOrg(tx: Tx, orgId: string): Promise<Org> {
  const org = await orgOf(tx, orgId);
  if (org.billing_status === 'delinquent') throw new AppError('forbidden', paymentMessages.delinquent);
  if (!org.treasury_id) throw new AppError('forbidden', paymentMessages.noTreasury);
  return org;
}

/**
 * Step "recompute": withholding against the year so far, then backup withholding (issue #32), on
 * the drafts about to be held; then payments entered in their payee's currency take the USD amount
 * of the quote confirmed for them (the same quote ids: the preview and Execute agree).
 */
async function recompute(deps: AppDeps, tx: Tx, orgId: string, rows: Payment[], quoteIds: string[] | undefined): Promise<Payment[]> {
  const recomputed = (await recomputeWithholdingAtExecution(deps, tx, orgId, rows)) ? await rereadPayments(tx, orgId, rows) : rows;
  return priceAtQuotes(tx, orgId, await applyBackupWithholding(tx, orgId, recomputed), quoteIds);
}

/**
 * A PayPal or Venmo payout's amount is paid from the organisation's PayPal account, a payment
 * abroad's from its Nium wallet (abroad: what that wallet holds): the US wallet holds their fee only.
 */
const holdOf = (rows: Payment[], destinations: Destinations) =>
  rows.reduce((sum, row) => {
    const method = destinations.get(row.id)?.method;
    return sum + row.fee + (isPaypalMethod(method) || method === 'nium' ? 0 : row.amount);
  }, 0);

/** Steps "lock", "plan" (the draft waits), "recompute", then the held waits: the whole decision, nothing carried out yet. */
export async function planExecution(deps: AppDeps, tx: Tx, org: Org, body: InitiatePaymentsBody): Promise<ExecutionPlan> {
  const drafts = await lockSelectedDrafts(tx, org.id, body);
  const lookup = { tx, orgId: org.id, destinations: new Map() as Destinations };
  const { parked: waiting, free } = await claimWaits('draft', lookup, drafts);
  const held = await recompute(deps, tx, org.id, free, body.quote_ids);
  const destinations = await destinationsFor(deps, tx, org, held);
  const { parked, free: ready } = await claimWaits('held', { ...lookup, destinations }, held);
  return {
    org,
    drafts,
    waiting,
    held,
    parked,
    ready,
    destinations,
    total: holdOf(held, destinations),
    abroad: abroadAmount(held, destinations),
  };
}
