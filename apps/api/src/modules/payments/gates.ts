import { and, eq, inArray } from 'drizzle-orm';
import { paymentGateMessages } from '@crewpay/core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { contracts, deliverables, paymentGates, type Payment } from '../../db/schema/index.ts';

type Gated = Pick<Payment, 'id' | 'payment_group_id' | 'recipient' | 'recipient_role' | 'managed_creator_id'>;

/** The creator a payment earns for: its recipient, or the creator an agent's or manager's share came from. */
const creatorOf = (payment: Gated) => (payment.recipient_role === 'creator' ? payment.recipient : payment.managed_creator_id);

const pairKey = (campaignId: string | null, creatorId: string | null) => `${campaignId}:${creatorId}`;

/** The (campaign, creator) pairs among these whose contract is signed. */
async function signedPairs(db: DbOrTx, orgId: string, rows: Gated[]): Promise<Set<string>> {
  const campaignIds = [...new Set(rows.flatMap((row) => (row.payment_group_id ? [row.payment_group_id] : [])))];
  if (campaignIds.length === 0) return new Set();
  const signed = await db
    .select({ campaign: contracts.payment_group_id, creator: contracts.creator_id })
    .from(contracts)
    .where(and(eq(contracts.org_id, orgId), eq(contracts.status, 'succeeded'), inArray(contracts.payment_group_id, campaignIds)));
  return new Set(signed.map((row) => pairKey(row.campaign, row.creator)));
}

/**
 * Why each of these drafts waits, by payment id: the creator's contract for the payment's campaign
 * not signed yet, or its deliverable not approved yet. Drafts that wait for nothing are absent.
 */
export async function gateReasons(db: DbOrTx, orgId: string, rows: Gated[]): Promise<Map<string, string[]>> {
  const reasons = new Map<string, string[]>();
  if (rows.length === 0) return reasons;
  const gates = await db
    .select({
      payment_id: paymentGates.payment_id,
      requires_contract: paymentGates.requires_contract,
      description: deliverables.description,
      approval: deliverables.approval_status,
    })
    .from(paymentGates)
    .leftJoin(deliverables, eq(deliverables.id, paymentGates.deliverable_id))
    .where(
      and(
        eq(paymentGates.org_id, orgId),
        inArray(
          paymentGates.payment_id,
          rows.map((row) => row.id),
        ),
      ),
    );
  if (gates.length === 0) return reasons;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const signed = await signedPairs(
    db,
    orgId,
    gates.flatMap((gate) => (gate.requires_contract ? [byId.get(gate.payment_id)!] : [])),
  );
  for (const gate of gates) {
    const payment = byId.get(gate.payment_id)!;
    const waits: string[] = [];
    if (gate.requires_contract && !signed.has(pairKey(payment.payment_group_id, creatorOf(payment))))
      waits.push(paymentGateMessages.waitsForContract);
    if (gate.description !== null && gate.approval !== 'approved') waits.push(paymentGateMessages.waitsForDeliverable(gate.description));
    if (waits.length > 0) reasons.set(gate.payment_id, waits);
  }
  return reasons;
}

/**
 * The park step of the gate wait (execution-waits.ts): drafts executed while they wait for their
 * contract or deliverable are marked to execute once released (payment-releases/gate-release.ts), by who executed
 * them: that person stays their executor, so Settings > Approvals keeps them from approving them.
 */
export async function markExecuteOnRelease(tx: Tx, orgId: string, executedBy: string | null, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(paymentGates)
    .set({ execute_on_release: true, executed_by: executedBy })
    .where(and(eq(paymentGates.org_id, orgId), inArray(paymentGates.payment_id, ids)));
}
