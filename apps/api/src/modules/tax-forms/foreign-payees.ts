import { sql } from 'drizzle-orm';
import type { ForeignPayee, TaxFormType } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';

type Row = { payee_id: string; name: string; form_type: TaxFormType; country: string | null; paid: string };

/**
 * The organisation's payees whose active form is a W-8BEN or W-8BEN-E and who were paid in the
 * year (posted less returned, gross of withholding, as the Paid Users page counts): they get no
 * 1099-NEC and are reported on Form 1042-S. Payments are of the organisation; forms are the payees'.
 */
export async function listForeignPayees(db: DbOrTx, orgId: string, year: number): Promise<ForeignPayee[]> {
  const start = new Date(Date.UTC(year, 0, 1));
  const end = new Date(Date.UTC(year + 1, 0, 1));
  const gross = sql`(p.amount + p.state_withholdings + p.federal_withholdings)`;
  const result = await db.execute<Row>(sql`
    SELECT f.payee_id, f.name, f.form_type,
      COALESCE(f.fields->>'country_of_citizenship', f.fields->>'country_of_organization') AS country,
      (SUM(CASE WHEN p.date_posted >= ${start} AND p.date_posted < ${end} THEN ${gross} ELSE 0 END)
        - SUM(CASE WHEN p.date_returned >= ${start} AND p.date_returned < ${end} THEN ${gross} ELSE 0 END))::text AS paid
    FROM tax_forms f
    JOIN payments p ON p.recipient = f.payee_id AND p.org_id = ${orgId} AND p.date_posted IS NOT NULL
    WHERE f.status = 'active' AND f.form_type IN ('w8ben', 'w8bene')
      AND ((p.date_posted >= ${start} AND p.date_posted < ${end}) OR (p.date_returned >= ${start} AND p.date_returned < ${end}))
    GROUP BY f.payee_id, f.name, f.form_type, country
    ORDER BY f.name, f.payee_id`);
  return result.rows.map((row) => ({ ...row, country: row.country ?? '', paid: Number(row.paid) }));
}
