import { paymentMessages, type ExecutionWaitKind } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Org, Payment } from '../../db/schema/index.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';
import { holdForApproval } from './approval-hold.ts';
import { emailApprovers } from './approval-emails.ts';
import { approvalsNeeded } from './approval-rules.ts';
import { currencyWaitReasons } from './fx-amounts.ts';
import { gateReasons, markExecuteOnRelease } from './gates.ts';
import { invoiceWaitReasons } from './release-waits.ts';
import { requestPayoutInfo } from './payouts.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { sandboxNow } from '../../lib/clock.ts';

export type Destinations = Map<string, PayoutDestination | null>;
/** Who the execution acts for: recorded on what it parks, so maker-checker knows the executor. */
export type ExecutionActor = { executedBy: string | null };
/** What a wait's step sees: the transaction, and once the money is held, each payment's destination. */
type WaitLookup = { tx: DbOrTx; orgId: string; destinations: Destinations };
export type ParkContext = {
  deps: AppDeps;
  uow: Pick<UnitOfWork, 'tx' | 'afterCommit'>;
  org: Org;
  actor: ExecutionActor;
  destinations: Destinations;
};

/**
 * One thing a payment may wait for at execution. `draft` waits keep the payment a draft with
 * nothing held (its invoice, its contract or deliverable); `held` waits come after the hold: the
 * money is kept and the payment parks (for an approval, for payout details). `reasons` says which
 * payments wait and why (the preview's and the answer's words); `park` is what Execute does to them.
 */
export type Wait = {
  kind: ExecutionWaitKind;
  stage: 'draft' | 'held';
  reasons: (lookup: WaitLookup, rows: Payment[]) => Promise<Map<string, string[]>>;
  park: (ctx: ParkContext, rows: Payment[]) => Promise<void>;
};

/**
 * The waits, in the order they claim a payment (a payment parks for the first that names it):
 * every path that executes (Execute and its preview, schedules, invoice and gate releases, the
 * last approval) reads this one table, so none can disagree with another about a payment.
 */
export const WAITS: readonly Wait[] = [
  {
    kind: 'currency',
    stage: 'draft',
    reasons: ({ tx, orgId }, rows) => currencyWaitReasons(tx, orgId, rows),
    // Nothing releases it: the owner edits its amount (in USD, or the payee's new currency) and executes again.
    park: async () => {},
  },
  {
    kind: 'invoice',
    stage: 'draft',
    reasons: ({ tx, orgId }, rows) => invoiceWaitReasons(tx, orgId, rows),
    // The invoice's release executes it when paid (payment-releases/release-run.ts), for whoever marked it.
    park: async () => {},
  },
  {
    kind: 'gate',
    stage: 'draft',
    reasons: ({ tx, orgId }, rows) => gateReasons(tx, orgId, rows),
    park: ({ uow, org, actor }, rows) =>
      markExecuteOnRelease(
        uow.tx,
        org.id,
        actor.executedBy,
        rows.map((row) => row.id),
      ),
  },
  {
    kind: 'approval',
    stage: 'held',
    reasons: async ({ tx, orgId }, rows) => new Map([...(await approvalsNeeded(tx, orgId, rows))].map(([id, need]) => [id, need.reasons])),
    park: async ({ deps, uow, org, actor, destinations }, rows) => {
      const held = await holdForApproval(uow.tx, org.id, actor.executedBy, rows, destinations);
      await emailApprovers(deps, uow, org.id, held.waiting);
    },
  },
  {
    kind: 'payout_details',
    stage: 'held',
    reasons: async ({ destinations }, rows) =>
      new Map(rows.filter((row) => !destinations.get(row.id)).map((row) => [row.id, [paymentMessages.waitsForPayoutDetails]])),
    // Held like any awaiting input payment; the recipient is emailed a payee link.
    park: async ({ deps, uow, org }, rows) => {
      const emailIds = await requestPayoutInfo(deps, uow.tx, org, rows, await sandboxNow(uow.tx));
      uow.afterCommit(() => sendQueuedEmails(deps.jobs, emailIds));
    },
  },
];

export type Parked = { payment: Payment; wait: Wait; reasons: string[] };

/** The payments the waits of one stage claim (each for the first wait that names it), and those free of them. */
export async function claimWaits(
  stage: Wait['stage'],
  lookup: WaitLookup,
  rows: Payment[],
): Promise<{ parked: Parked[]; free: Payment[] }> {
  const parked: Parked[] = [];
  let free = rows;
  for (const wait of WAITS.filter((candidate) => candidate.stage === stage)) {
    if (free.length === 0) break;
    const reasons = await wait.reasons(lookup, free);
    for (const payment of free) if (reasons.has(payment.id)) parked.push({ payment, wait, reasons: reasons.get(payment.id)! });
    free = free.filter((payment) => !reasons.has(payment.id));
  }
  return { parked, free };
}

/** Each wait parks the payments it claimed, in the table's order. */
export async function parkAll(ctx: ParkContext, parked: Parked[]): Promise<void> {
  for (const wait of WAITS) {
    const rows = parked.filter((row) => row.wait === wait).map((row) => row.payment);
    if (rows.length > 0) await wait.park(ctx, rows);
  }
}

/** Why each of these payments waits now (every draft wait, read afresh), by payment id: the schedules' page says so. */
export async function draftWaitReasons(tx: DbOrTx, orgId: string, rows: Payment[]): Promise<Map<string, string[]>> {
  const answer = new Map<string, string[]>();
  for (const wait of WAITS.filter((candidate) => candidate.stage === 'draft'))
    for (const [id, reasons] of await wait.reasons({ tx, orgId, destinations: new Map() }, rows))
      answer.set(id, [...(answer.get(id) ?? []), ...reasons]);
  return answer;
}
