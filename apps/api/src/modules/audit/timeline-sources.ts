import { sql, type SQL } from 'drizzle-orm';
import type { TimelineKind } from '@crewpay/core';

// Each object's story as rows (at, key, action, who_kind, who_id, who_name, reason, amount): the
// audit log's rows about it (target_id, completed with a 2xx) and, where the audit log has no row
// for a step, the object's own state (its created, paid, signed dates; its approvals' decisions
// with their reasons). `key` is unique within the timeline (source and row id) and orders rows of
// the same instant.
//
// Who, as each source knows it (timeline.ts turns it into the event's actor):
//   member      a team member did it for certain (an audit row, an approval decision): a null id is
//               a removed account;
//   recorded    the object's own column (created_by, executed_by): null when the row was made before
//               the column or the audit log recorded anyone, so who is not recorded;
//   payee, customer, signer   who_name names them; system: Crewpay on its own; unknown: not recorded.

/** A creator's name as the pages show it. */
const creatorName = (c: string) =>
  sql.raw(`COALESCE(NULLIF(concat_ws(' ', ${c}.first_name, ${c}.last_name), ''), ${c}.business_name, ${c}.email)`);

/** Audit rows about the object, their actions in the timeline's words, by the team member who made them. */
function auditRows(orgId: string, id: string, actions: Record<string, string>, except: SQL = sql`false`): SQL {
  const cases = sql.join(
    Object.entries(actions).map(([action, as]) => sql`WHEN ${action} THEN ${as}`),
    sql` `,
  );
  return sql`
    SELECT a.created_at AS at, 'audit:' || a.id::text AS key, CASE a.action ${cases} END AS action,
      'member'::text AS who_kind, a.actor_user_id AS who_id, NULL::text AS who_name, NULL::text AS reason, a.amount AS amount
    FROM audit_log a
    WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.status_code BETWEEN 200 AND 299
      AND a.action IN (${sql.join(
        Object.keys(actions).map((action) => sql`${action}`),
        sql`, `,
      )})
      AND NOT (${except})`;
}

const auditExists = (orgId: string, id: string, action: string) =>
  sql`EXISTS (SELECT 1 FROM audit_log a WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.action = ${action} AND a.status_code BETWEEN 200 AND 299)`;

function paymentRows(orgId: string, id: string): SQL {
  const p = sql`payments p WHERE p.org_id = ${orgId} AND p.id = ${id}`;
  return sql`
    SELECT p.created_at, 'created:' || p.id::text, 'created', 'recorded', p.created_by_user_id, NULL::text, NULL::text, p.earnings::bigint FROM ${p}
    UNION ALL ${auditRows(orgId, id, { 'payments.amount_edit': 'amount_edited', 'payments.gate_change': 'conditions_changed', 'payments.delete': 'deleted' })}
    -- Executed: the execution's audit row names the batch that held the payment.
    UNION ALL SELECT a.created_at, 'audit:' || a.id::text, 'executed', 'member', a.actor_user_id, NULL, NULL, p.amount::bigint
      FROM payments p JOIN audit_log a ON a.org_id = p.org_id AND a.action = 'payments.execute' AND a.created_at >= p.created_at
        AND a.details->>'batch_id' = p.fee_reference_id::text
      WHERE p.org_id = ${orgId} AND p.id = ${id}
    -- An execution the audit log does not name: its approval's or its release's executor (who pressed
    -- Execute), a schedule's run (Crewpay on the day), or nobody recorded (before the audit log named batches).
    UNION ALL SELECT COALESCE(pa.created_at, p.date_initiated, p.updated_at), 'executed:' || p.id::text, 'executed',
        CASE WHEN COALESCE(pa.executed_by_user_id, g.executed_by) IS NOT NULL THEN 'member'
          WHEN EXISTS (SELECT 1 FROM payment_schedule_runs r WHERE r.payment_id = p.id) THEN 'system' ELSE 'unknown' END,
        COALESCE(pa.executed_by_user_id, g.executed_by), NULL, NULL, p.amount::bigint
      FROM payments p LEFT JOIN payment_approvals pa ON pa.payment_id = p.id LEFT JOIN payment_gates g ON g.payment_id = p.id
      WHERE p.org_id = ${orgId} AND p.id = ${id} AND p.fee_reference_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.org_id = p.org_id AND a.action = 'payments.execute' AND a.created_at >= p.created_at
          AND a.details->>'batch_id' = p.fee_reference_id::text)
    -- The organisation's approval rules hold it: nobody's hand; why is the rules that matched.
    UNION ALL SELECT pa.created_at, 'held:' || pa.id::text, 'held_for_approval', 'system', NULL, 'the approval rules',
        NULLIF(array_to_string(pa.reasons, '; '), ''), NULL
      FROM payment_approvals pa WHERE pa.org_id = ${orgId} AND pa.payment_id = ${id}
    UNION ALL SELECT d.created_at, 'decision:' || d.id::text, CASE d.decision WHEN 'approve' THEN 'approved' ELSE 'rejected' END,
        'member', d.user_id, NULL, NULLIF(d.reason, ''), NULL
      FROM approval_decisions d JOIN payment_approvals pa ON pa.id = d.approval_id WHERE pa.org_id = ${orgId} AND pa.payment_id = ${id}
    UNION ALL SELECT p.date_info_requested, 'details:' || p.id::text, 'waiting_for_details', 'system', NULL, NULL, NULL, NULL FROM ${p} AND p.date_info_requested IS NOT NULL
    UNION ALL SELECT p.date_posted, 'posted:' || p.id::text, 'posted', 'system', NULL, NULL, NULL, p.amount::bigint FROM ${p} AND p.date_posted IS NOT NULL
    UNION ALL SELECT p.date_failed, 'failed:' || p.id::text, 'failed', 'system', NULL, NULL, p.failure_reason, p.amount::bigint FROM ${p} AND p.date_failed IS NOT NULL
    UNION ALL SELECT p.date_returned, 'returned:' || p.id::text, 'returned', 'system', NULL, NULL, p.failure_reason, p.amount::bigint FROM ${p} AND p.date_returned IS NOT NULL
    -- Canceled otherwise than by a rejection or an audited delete (deletes before the audit log named them): when, not who.
    UNION ALL SELECT p.updated_at, 'canceled:' || p.id::text, 'canceled', 'unknown', NULL, NULL, NULL, NULL FROM ${p} AND p.status = 'canceled'
      AND NOT EXISTS (SELECT 1 FROM approval_decisions d JOIN payment_approvals pa ON pa.id = d.approval_id WHERE pa.payment_id = p.id AND d.decision = 'reject')
      AND NOT ${auditExists(orgId, id, 'payments.delete')}`;
}

/** The edit that marked an (offline) invoice paid: the latest successful edit setting its status. */
const markedPaid = (orgId: string, id: string) => sql`(SELECT a.id FROM audit_log a
  WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.action = 'invoice.update' AND a.status_code BETWEEN 200 AND 299
    AND ',' || (a.details->>'fields') || ',' LIKE '%,status,%' ORDER BY a.created_at DESC LIMIT 1)`;

function invoiceRows(orgId: string, id: string): SQL {
  const i = sql`invoices i WHERE i.org_id = ${orgId} AND i.id = ${id}`;
  // Marking an invoice paid is its Paid step, not an edit besides it.
  const isMarkingPaid = sql`a.details->>'fields' = 'status' AND a.id = ${markedPaid(orgId, id)}
    AND EXISTS (SELECT 1 FROM ${i} AND i.paid_at IS NOT NULL)`;
  return sql`
    -- A schedule's copy is made and sent by Crewpay on its day; otherwise whoever created it.
    SELECT i.created_at, 'created:' || i.id::text, 'created',
        CASE WHEN EXISTS (SELECT 1 FROM invoice_schedule_runs r WHERE r.invoice_id = i.id) THEN 'system' ELSE 'recorded' END,
        i.created_by, NULL::text, NULL::text, i.amount::bigint FROM ${i}
    UNION ALL ${auditRows(orgId, id, { 'invoice.update': 'edited', 'invoice.cancel': 'canceled' }, isMarkingPaid)}
    -- Paid by the customer through a charge, or marked paid (offline) by the member whose edit set its status.
    UNION ALL SELECT i.paid_at, 'paid:' || i.id::text, 'paid',
        CASE WHEN ch.id IS NOT NULL THEN 'customer' WHEN mark.id IS NOT NULL THEN 'member' ELSE 'unknown' END,
        CASE WHEN ch.id IS NULL THEN mark.actor_user_id END, CASE WHEN ch.id IS NOT NULL THEN cu.name END, NULL, i.amount::bigint
      FROM invoices i JOIN customers cu ON cu.id = i.customer_id
        LEFT JOIN LATERAL (SELECT c.id FROM charges c WHERE c.invoice_id = i.id AND c.status = 'succeeded' ORDER BY c.created_at DESC LIMIT 1) ch ON true
        LEFT JOIN audit_log mark ON mark.id = ${markedPaid(orgId, id)}
      WHERE i.org_id = ${orgId} AND i.id = ${id} AND i.paid_at IS NOT NULL
    -- Canceled with no audit row of its own (before bulk cancels recorded one each): when, not who.
    UNION ALL SELECT i.canceled_at, 'canceled:' || i.id::text, 'canceled', 'unknown', NULL, NULL, NULL, NULL FROM ${i}
      AND i.canceled_at IS NOT NULL AND NOT ${auditExists(orgId, id, 'invoice.cancel')}
    UNION ALL SELECT r.released_at, 'released:' || r.invoice_id::text, 'released', 'system', NULL, NULL, NULL, NULL
      FROM payment_releases r WHERE r.org_id = ${orgId} AND r.invoice_id = ${id} AND r.released_at IS NOT NULL`;
}

function contractRows(orgId: string, id: string): SQL {
  const c = sql`contracts c WHERE c.org_id = ${orgId} AND c.id = ${id}`;
  const recipient = sql`(SELECT COALESCE(${creatorName('cr')}, cu.name) FROM contracts x
    LEFT JOIN creators cr ON cr.id = x.creator_id LEFT JOIN customers cu ON cu.id = x.customer_id WHERE x.id = c.id)`;
  return sql`
    SELECT c.created_at, 'created:' || c.id::text, 'created', 'recorded', c.created_by, NULL::text, NULL::text, NULL::bigint FROM ${c}
    -- Sent: the first signing link emailed to the recipient, by whoever created the contract (creating sends it).
    UNION ALL SELECT l.created_at, 'sent:' || l.id::text, 'sent', 'recorded', c.created_by, NULL, NULL, NULL
      FROM contracts c JOIN LATERAL (SELECT l.id, l.created_at FROM expiring_links l
          WHERE l.org_id = c.org_id AND l.type = 'contract_signing' AND l.payload->>'contract_id' = c.id::text
            AND l.payload->>'purpose' = 'request' ORDER BY l.created_at LIMIT 1) l ON true
      WHERE c.org_id = ${orgId} AND c.id = ${id}
    UNION ALL ${auditRows(orgId, id, { 'contract.invalidate': 'invalidated' })}
    -- Signed by the name the signer signed with (the recipient's at Dropbox Sign); a file uploaded as
    -- signed was signed elsewhere, by nobody recorded.
    UNION ALL SELECT c.signature_date, 'signed:' || c.id::text, 'signed',
        CASE WHEN c.type = 'plain_file' THEN 'unknown' ELSE 'signer' END, NULL,
        CASE WHEN c.type <> 'plain_file' THEN COALESCE(NULLIF(c.audit->>'signer_name', ''), ${recipient}) END, NULL, NULL
      FROM ${c} AND c.signature_date IS NOT NULL
    -- Canceled with no invalidation recorded: declined by the recipient at Dropbox Sign, or invalidated
    -- before the audit log recorded invalidations (who: not recorded).
    UNION ALL SELECT c.updated_at, 'canceled:' || c.id::text,
        CASE WHEN c.esign_provider = 'dropbox-sign' THEN 'declined' ELSE 'invalidated' END,
        CASE WHEN c.esign_provider <> 'dropbox-sign' THEN 'unknown' WHEN c.recipient_type = 'creator' THEN 'payee' ELSE 'customer' END,
        NULL, CASE WHEN c.esign_provider = 'dropbox-sign' THEN ${recipient} END, NULL, NULL
      FROM ${c} AND c.status = 'canceled' AND NOT ${auditExists(orgId, id, 'contract.invalidate')}`;
}

function creatorRows(orgId: string, id: string): SQL {
  return sql`
    SELECT cr.created_at, 'created:' || cr.id::text, 'created', 'recorded', cr.created_by, NULL::text, NULL::text, NULL::bigint
      FROM creators cr WHERE cr.org_id = ${orgId} AND cr.id = ${id}
    UNION ALL ${auditRows(orgId, id, { 'payee_split.change': 'split_changed' })}
    -- Payout details: a team member's change, or the payee's own through their link or portal.
    UNION ALL SELECT a.created_at, 'audit:' || a.id::text, 'payout_details_changed',
        CASE WHEN a.details->>'source' IN ('payee_link', 'portal') THEN 'payee' ELSE 'member' END,
        CASE WHEN a.details->>'source' IN ('payee_link', 'portal') THEN NULL ELSE a.actor_user_id END,
        CASE WHEN a.details->>'source' IN ('payee_link', 'portal') THEN ${creatorName('cr')} END, NULL, NULL
      FROM audit_log a JOIN creators cr ON cr.id = ${id} AND cr.org_id = ${orgId}
      WHERE a.org_id = ${orgId} AND a.target_id = ${id} AND a.status_code BETWEEN 200 AND 299 AND a.action = 'payout_details.change'
    -- Who first asked for the W-9 (recorded since 0083; older requests: not recorded).
    UNION ALL SELECT w.first_requested_at, 'w9:' || w.payee_id::text, 'w9_requested', 'recorded', w.first_requested_by, NULL, NULL, NULL
      FROM w9_requests w WHERE w.org_id = ${orgId} AND w.payee_id = ${id}
    UNION ALL SELECT f.created_at, 'form:' || f.id::text, 'tax_form_received', 'signer', NULL, f.signer_name, NULL, NULL
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
