import { sql, type SQL } from 'drizzle-orm';
import type { TimelineKind } from '@crewpay/core';

// Each object's story as rows (at, key, action, actor_id, reason, amount): the audit log's rows
// about it (target_id, completed with a 2xx) and, where the audit log has no row for a step, the
// object's own state (its created, paid, signed dates; its approvals' decisions with their reasons).
// `key` is unique within the timeline (source and row id) and orders rows of the same instant.

/** Audit rows about the object, their actions in the timeline's words. */
function auditRows(orgId: string, id: string, actions: Record<string, string>): SQL {
  const cases = sql.join(
    Object.entries(actions).map(([action, as]) => sql`WHEN ${action} THEN ${as}`),
    sql` `,
  );
  return sql`
    SELECT a.created_at AS at, 'audit:' || a.id::text AS key, CASE a.action ${cases} END AS action,
      a.actor_user_id AS actor_id, NULL::text AS reason, a.amount AS amount
    FROM audit_log a
    WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.status_code BETWEEN 200 AND 299
      AND a.action IN (${sql.join(
        Object.keys(actions).map((action) => sql`${action}`),
        sql`, `,
      )})`;
}

const auditExists = (orgId: string, id: string, action: string) =>
  sql`EXISTS (SELECT 1 FROM audit_log a WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.action = ${action} AND a.status_code BETWEEN 200 AND 299)`;

function paymentRows(orgId: string, id: string): SQL {
  const p = sql`payments p WHERE p.org_id = ${orgId} AND p.id = ${id}`;
  return sql`
    SELECT p.created_at, 'created:' || p.id::text, 'created', p.created_by_user_id, NULL::text, p.earnings::bigint FROM ${p}
    UNION ALL ${auditRows(orgId, id, { 'payments.amount_edit': 'amount_edited', 'payments.gate_change': 'conditions_changed', 'payments.delete': 'deleted' })}
    -- Executed: the execution's audit row names the batch that held the payment.
    UNION ALL SELECT a.created_at, 'audit:' || a.id::text, 'executed', a.actor_user_id, NULL, p.amount::bigint
      FROM payments p JOIN audit_log a ON a.org_id = p.org_id AND a.action = 'payments.execute' AND a.created_at >= p.created_at
        AND a.details->>'batch_id' = p.fee_reference_id::text
      WHERE p.org_id = ${orgId} AND p.id = ${id}
    -- An execution the audit log does not name (before it named batches, a scheduled run): its approval's executor, or nobody.
    UNION ALL SELECT COALESCE(pa.created_at, p.date_initiated, p.updated_at), 'executed:' || p.id::text, 'executed', pa.executed_by_user_id, NULL, p.amount::bigint
      FROM payments p LEFT JOIN payment_approvals pa ON pa.payment_id = p.id
      WHERE p.org_id = ${orgId} AND p.id = ${id} AND p.fee_reference_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.org_id = p.org_id AND a.action = 'payments.execute' AND a.created_at >= p.created_at
          AND a.details->>'batch_id' = p.fee_reference_id::text)
    UNION ALL SELECT pa.created_at, 'held:' || pa.id::text, 'held_for_approval', NULL, NULL, NULL
      FROM payment_approvals pa WHERE pa.org_id = ${orgId} AND pa.payment_id = ${id}
    UNION ALL SELECT d.created_at, 'decision:' || d.id::text, CASE d.decision WHEN 'approve' THEN 'approved' ELSE 'rejected' END,
        d.user_id, NULLIF(d.reason, ''), NULL
      FROM approval_decisions d JOIN payment_approvals pa ON pa.id = d.approval_id WHERE pa.org_id = ${orgId} AND pa.payment_id = ${id}
    UNION ALL SELECT p.date_info_requested, 'details:' || p.id::text, 'waiting_for_details', NULL, NULL, NULL FROM ${p} AND p.date_info_requested IS NOT NULL
    UNION ALL SELECT p.date_posted, 'posted:' || p.id::text, 'posted', NULL, NULL, p.amount::bigint FROM ${p} AND p.date_posted IS NOT NULL
    UNION ALL SELECT p.date_failed, 'failed:' || p.id::text, 'failed', NULL, p.failure_reason, p.amount::bigint FROM ${p} AND p.date_failed IS NOT NULL
    UNION ALL SELECT p.date_returned, 'returned:' || p.id::text, 'returned', NULL, p.failure_reason, p.amount::bigint FROM ${p} AND p.date_returned IS NOT NULL
    -- Canceled otherwise than by a rejection or an audited delete (older deletes): when, not who.
    UNION ALL SELECT p.updated_at, 'canceled:' || p.id::text, 'canceled', NULL, NULL, NULL FROM ${p} AND p.status = 'canceled'
      AND NOT EXISTS (SELECT 1 FROM approval_decisions d JOIN payment_approvals pa ON pa.id = d.approval_id WHERE pa.payment_id = p.id AND d.decision = 'reject')
      AND NOT ${auditExists(orgId, id, 'payments.delete')}`;
}

function invoiceRows(orgId: string, id: string): SQL {
  const i = sql`invoices i WHERE i.org_id = ${orgId} AND i.id = ${id}`;
  return sql`
    SELECT i.created_at, 'created:' || i.id::text, 'created', i.created_by, NULL::text, i.amount::bigint FROM ${i}
    UNION ALL ${auditRows(orgId, id, { 'invoice.update': 'edited', 'invoice.cancel': 'canceled' })}
    UNION ALL SELECT i.paid_at, 'paid:' || i.id::text, 'paid', NULL, NULL, i.amount::bigint FROM ${i} AND i.paid_at IS NOT NULL
    -- Canceled with others at once (no audit row of its own): when, not who.
    UNION ALL SELECT i.canceled_at, 'canceled:' || i.id::text, 'canceled', NULL, NULL, NULL FROM ${i}
      AND i.canceled_at IS NOT NULL AND NOT ${auditExists(orgId, id, 'invoice.cancel')}
    UNION ALL SELECT r.released_at, 'released:' || r.invoice_id::text, 'released', NULL, NULL, NULL
      FROM payment_releases r WHERE r.org_id = ${orgId} AND r.invoice_id = ${id} AND r.released_at IS NOT NULL`;
}

function contractRows(orgId: string, id: string): SQL {
  const c = sql`contracts c WHERE c.org_id = ${orgId} AND c.id = ${id}`;
  return sql`
    SELECT c.created_at, 'created:' || c.id::text, 'created', c.created_by, NULL::text, NULL::bigint FROM ${c}
    UNION ALL ${auditRows(orgId, id, { 'contract.invalidate': 'invalidated' })}
    UNION ALL SELECT c.signature_date, 'signed:' || c.id::text, 'signed', NULL, NULL, NULL FROM ${c} AND c.signature_date IS NOT NULL
    UNION ALL SELECT c.updated_at, 'invalidated:' || c.id::text, 'invalidated', NULL, NULL, NULL FROM ${c}
      AND c.status = 'canceled' AND NOT ${auditExists(orgId, id, 'contract.invalidate')}`;
}

function creatorRows(orgId: string, id: string): SQL {
  return sql`
    SELECT cr.created_at, 'created:' || cr.id::text, 'created', NULL::uuid, NULL::text, NULL::bigint
      FROM creators cr WHERE cr.org_id = ${orgId} AND cr.id = ${id}
    UNION ALL ${auditRows(orgId, id, { 'payout_details.change': 'payout_details_changed', 'payee_split.change': 'split_changed' })}
    UNION ALL SELECT w.first_requested_at, 'w9:' || w.payee_id::text, 'w9_requested', NULL, NULL, NULL
      FROM w9_requests w WHERE w.org_id = ${orgId} AND w.payee_id = ${id}
    UNION ALL SELECT f.created_at, 'form:' || f.id::text, 'tax_form_received', NULL, NULL, NULL
      FROM tax_forms f JOIN creators cr ON cr.id = f.payee_id AND cr.org_id = ${orgId} WHERE f.payee_type = 'creator' AND f.payee_id = ${id}`;
}

export const TIMELINE_ROWS: Record<TimelineKind, (orgId: string, id: string) => SQL> = {
  payment: paymentRows,
  invoice: invoiceRows,
  contract: contractRows,
  creator: creatorRows,
};

/** The object itself in the caller's organisation: another organisation's id is not found. */
export const OBJECT_TABLES: Record<TimelineKind, string> = {
  payment: 'payments',
  invoice: 'invoices',
  contract: 'contracts',
  creator: 'creators',
};
