import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentApprovals, type Payment } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';
import { approvalsNeeded } from './approval-rules.ts';
import { isPaypalMethod } from './paypal-money.ts';

const CHUNK = 1000;

/**
 * Settings > Approvals at execution: the payments a rule names stay held (their money is in the
 * batch's hold already) as 'awaiting_approval', each with a pending approval that remembers who
 * executed it and what the wallet holds for it; nothing is sent. Their method is the destination
 * they were held for (a PayPal or Venmo payout held its fee only), so the books can be proven
 * while they wait. Answers the payments that go out now and those that wait.
 */
export async function holdForApproval(
  tx: Tx,
  orgId: string,
  executedBy: string | null,
  rows: Payment[],
  destinations: Map<string, PayoutDestination | null>,
): Promise<{ send: Payment[]; awaiting: number; waiting: Payment[] }> {
  const needs = await approvalsNeeded(tx, orgId, rows);
  if (needs.size === 0) return { send: rows, awaiting: 0, waiting: [] };
  const waiting = rows.filter((row) => needs.has(row.id));
  for (let start = 0; start < waiting.length; start += CHUNK) {
    const chunk = waiting.slice(start, start + CHUNK);
    await tx.insert(paymentApprovals).values(
      chunk.map((row) => {
        const method = destinations.get(row.id)?.method ?? null;
        const need = needs.get(row.id) ?? { required: 1, reasons: [] };
        return {
          id: newId(),
          org_id: orgId,
          payment_id: row.id,
          required: need.required,
          reasons: need.reasons,
          held: row.fee + (isPaypalMethod(method) ? 0 : row.amount),
          executed_by_user_id: executedBy,
        };
      }),
    );
    await tx.execute(sql`
      UPDATE payments AS p SET status = 'awaiting_approval', method = v.method, updated_at = now()
      FROM (VALUES ${sql.join(
        chunk.map((row) => sql`(${row.id}::uuid, ${destinations.get(row.id)?.method ?? null}::text)`),
        sql`, `,
      )}) AS v(id, method)
      WHERE p.id = v.id AND p.org_id = ${orgId}`);
  }
  return { send: rows.filter((row) => !needs.has(row.id)), awaiting: waiting.length, waiting };
}
