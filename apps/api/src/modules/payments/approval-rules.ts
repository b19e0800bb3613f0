import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatCents, type ApprovalRules } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { approvalRules, payments, payoutDetailChanges, type Payment } from '../../db/schema/index.ts';

/** An organisation that never saved rules: every executed payment goes out. */
const NO_RULES: ApprovalRules = {
  every_payment: false,
  above_amount: null,
  new_payee: false,
  new_payee_days: 30,
  second_approver_above: null,
};

export async function readApprovalRules(db: DbOrTx, orgId: string): Promise<ApprovalRules> {
  const [row] = await db.select().from(approvalRules).where(eq(approvalRules.org_id, orgId));
  if (!row) return NO_RULES;
  const { every_payment, above_amount, new_payee, new_payee_days, second_approver_above } = row;
  return { every_payment, above_amount, new_payee, new_payee_days, second_approver_above };
}

type ApprovalNeed = { required: number; reasons: string[] };

/** Recipients among `rows` that are new payees: never paid before, or whose payout details changed within `days`. */
async function newPayees(
  tx: DbOrTx,
  orgId: string,
  rows: Payment[],
  days: number,
): Promise<{ firstPayout: Set<string>; changed: Set<string> }> {
  const recipients = [...new Set(rows.map((row) => row.recipient))];
  const paid = await tx
    .selectDistinct({ recipient: payments.recipient })
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        inArray(payments.recipient, recipients),
        inArray(payments.status, ['processing', 'succeeded', 'returned']),
      ),
    );
  const changed = await tx
    .selectDistinct({ payee_id: payoutDetailChanges.payee_id })
    .from(payoutDetailChanges)
    .where(
      and(
        eq(payoutDetailChanges.org_id, orgId),
        inArray(payoutDetailChanges.payee_id, recipients),
        gt(payoutDetailChanges.created_at, sql`now() - make_interval(days => ${days})`),
      ),
    );
  const paidSet = new Set(paid.map((row) => row.recipient));
  return { firstPayout: new Set(recipients.filter((id) => !paidSet.has(id))), changed: new Set(changed.map((row) => row.payee_id)) };
}

/**
 * Which of the payments being executed wait for approval, how many approvers each needs and why
 * (in words the Approvals queue shows). Payments no rule names are absent from the answer.
 */
export async function approvalsNeeded(tx: DbOrTx, orgId: string, rows: Payment[]): Promise<Map<string, ApprovalNeed>> {
  const rules = await readApprovalRules(tx, orgId);
  const needs = new Map<string, ApprovalNeed>();
  const anyRule = rules.every_payment || rules.above_amount != null || rules.new_payee || rules.second_approver_above != null;
  if (!anyRule || rows.length === 0) return needs;
  const payees = rules.new_payee ? await newPayees(tx, orgId, rows, rules.new_payee_days) : null;
  for (const row of rows) {
    const reasons: string[] = [];
    if (rules.every_payment) reasons.push('Every payment needs approval');
    if (rules.above_amount != null && row.amount > rules.above_amount) reasons.push(`Above ${formatCents(rules.above_amount)}`);
    if (payees?.firstPayout.has(row.recipient)) reasons.push('New payee: first payout');
    else if (payees?.changed.has(row.recipient)) reasons.push(`Payout details changed in the last ${rules.new_payee_days} days`);
    const two = rules.second_approver_above != null && row.amount > rules.second_approver_above;
    if (two) reasons.push(`Above ${formatCents(rules.second_approver_above!)}: two approvers`);
    if (reasons.length > 0) needs.set(row.id, { required: two ? 2 : 1, reasons });
  }
  return needs;
}
