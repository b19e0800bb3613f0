import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { creators, payments, type Payment } from '../../db/schema/index.ts';
import { computeForOrg } from './create.ts';

/**
 * Withholding depends on what a W-2 creator was paid before in the year, which a draft cannot
 * know: several drafts that together cross the federal threshold were each computed as if alone.
 * At execution the batch's W-2 creator payments are computed again, in creation order, against
 * the payments executed this year on the sandbox clock; their agent and manager draft shares
 * follow the new amount. Answers whether anything changed (then the caller reads the rows again).
 */
export async function recomputeWithholdingAtExecution(deps: AppDeps, tx: Tx, orgId: string, rows: Payment[]): Promise<boolean> {
  const creatorRows = rows.filter((row) => row.recipient_role === 'creator' && row.parent_payment_id === null);
  if (creatorRows.length === 0) return false;
  const w2 = await tx
    .select({ id: creators.id })
    .from(creators)
    .where(
      and(
        eq(creators.org_id, orgId),
        eq(creators.is_w2, true),
        inArray(creators.id, [...new Set(creatorRows.map((row) => row.recipient))]),
      ),
    )
    // Locked, so two executions for one creator count each other's payments in the year's total.
    .orderBy(creators.id)
    .for('update');
  const w2Ids = new Set(w2.map((row) => row.id));
  const toRecompute = creatorRows
    .filter((row) => w2Ids.has(row.recipient) || row.federal_withholdings > 0 || row.state_withholdings > 0)
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
  if (toRecompute.length === 0) return false;
  const inputs = toRecompute.map((row) => ({
    recipient: row.recipient,
    recipient_role: row.recipient_role,
    earnings: row.earnings,
    split: Number(row.split),
    memo: row.memo,
    payment_group_id: row.payment_group_id,
  }));
  const result = await computeForOrg(deps, tx, orgId, inputs);
  let changed = false;
  for (const [index, row] of toRecompute.entries()) {
    const computed = result.rows[index]!;
    // A row the math refuses now (say, the creator was deactivated) keeps its draft figures.
    const [own, ...shares] = computed.error ? [] : computed.payments;
    if (!own) continue;
    if (
      own.amount !== row.amount ||
      own.fee !== row.fee ||
      own.federal_withholdings !== row.federal_withholdings ||
      own.state_withholdings !== row.state_withholdings
    )
      changed = true;
    await tx
      .update(payments)
      .set({
        amount: own.amount,
        fee: own.fee,
        state_withholdings: own.state_withholdings,
        federal_withholdings: own.federal_withholdings,
        updated_at: new Date(),
      })
      .where(and(eq(payments.org_id, orgId), eq(payments.id, row.id)));
    for (const share of shares) {
      await tx
        .update(payments)
        .set({ amount: share.amount, fee: share.fee })
        .where(
          and(
            eq(payments.org_id, orgId),
            eq(payments.parent_payment_id, row.id),
            eq(payments.recipient, share.recipient),
            eq(payments.recipient_role, share.recipient_role),
            eq(payments.status, 'draft'),
            eq(payments.is_deleted, false),
          ),
        );
    }
  }
  return changed;
}

/** The same rows read again (they are locked already) after their figures changed. */
export async function rereadPayments(tx: Tx, orgId: string, rows: Payment[]): Promise<Payment[]> {
  return tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        inArray(
          payments.id,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(payments.id));
}
