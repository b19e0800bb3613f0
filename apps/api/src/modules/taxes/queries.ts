import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PaidUsersPage, TaxablePayment } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';

/** A tax year as instants: from January 1 00:00 UTC up to, not including, the next one. */
const yearBounds = (year: number) => ({ start: new Date(Date.UTC(year, 0, 1)), end: new Date(Date.UTC(year + 1, 0, 1)) });

type PaidUserRow = {
  id: string;
  recipient_role: 'creator' | 'agent' | 'manager';
  email: string | null;
  name: string | null;
  is_w2: boolean | null;
  total: string;
  row_count: string;
};

/**
 * Everyone the organisation paid in the year (a payment posted or returned in it), with the
 * year's figure: gross of withholding, posted less returned. Ordered by name for the Paid Users
 * page; each recipient's person row is joined within the same organisation.
 */
export async function listPaidUsers(
  db: DbOrTx,
  options: { org_id: string; year: number; page: number; page_size: number },
): Promise<PaidUsersPage> {
  const { start, end } = yearBounds(options.year);
  const gross = sql`(p.amount + p.state_withholdings + p.federal_withholdings)`;
  const result = await db.execute<PaidUserRow>(sql`
    WITH per_recipient AS (
      SELECT p.recipient, p.recipient_role,
        SUM(CASE WHEN p.date_posted >= ${start} AND p.date_posted < ${end} THEN ${gross} ELSE 0 END)
          - SUM(CASE WHEN p.date_returned >= ${start} AND p.date_returned < ${end} THEN ${gross} ELSE 0 END) AS total
      FROM payments p
      WHERE p.org_id = ${options.org_id} AND p.date_posted IS NOT NULL
        AND ((p.date_posted >= ${start} AND p.date_posted < ${end}) OR (p.date_returned >= ${start} AND p.date_returned < ${end}))
      GROUP BY p.recipient, p.recipient_role
    )
    SELECT r.recipient AS id, r.recipient_role, r.total::text AS total,
      COALESCE(c.email, u.email) AS email,
      CASE WHEN c.id IS NOT NULL THEN
        COALESCE(NULLIF(CASE WHEN c.entity_type = 'business' THEN c.business_name END, ''), NULLIF(TRIM(CONCAT_WS(' ', c.first_name, c.last_name)), ''), c.email)
      ELSE COALESCE(NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), ''), u.email) END AS name,
      c.is_w2,
      COUNT(*) OVER ()::text AS row_count
    FROM per_recipient r
    LEFT JOIN creators c ON r.recipient_role = 'creator' AND c.id = r.recipient AND c.org_id = ${options.org_id}
    LEFT JOIN users u ON r.recipient_role <> 'creator' AND u.id = r.recipient AND u.org_id = ${options.org_id}
    WHERE c.id IS NOT NULL OR u.id IS NOT NULL
    ORDER BY name, id
    LIMIT ${options.page_size} OFFSET ${options.page * options.page_size}`);
  const rows = result.rows;
  const total = Number(rows[0]?.row_count ?? 0);
  return {
    data: rows.map((row) => ({
      id: row.id,
      recipient_role: row.recipient_role,
      emailRecipient: row.email ?? '',
      name: row.name ?? '',
      isW2: row.is_w2 ?? false,
      total: Number(row.total),
    })),
    year: options.year,
    total,
    page: options.page,
    page_size: options.page_size,
    has_more: (options.page + 1) * options.page_size < total,
  };
}

/** Every posted payment of these recipients (the organisation's only), for the year's summary. */
export async function postedPaymentsOf(db: DbOrTx, orgId: string, recipientIds: string[]): Promise<Map<string, TaxablePayment[]>> {
  const rows = await db
    .select({
      recipient: payments.recipient,
      amount: payments.amount,
      state_withholdings: payments.state_withholdings,
      federal_withholdings: payments.federal_withholdings,
      date_posted: payments.date_posted,
      date_returned: payments.date_returned,
    })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), inArray(payments.recipient, recipientIds), isNotNull(payments.date_posted)));
  const byRecipient = new Map<string, TaxablePayment[]>();
  for (const { recipient, ...payment } of rows) byRecipient.set(recipient, [...(byRecipient.get(recipient) ?? []), payment]);
  return byRecipient;
}
