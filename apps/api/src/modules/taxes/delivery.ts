import { desc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taxDeliveryConsents } from '../../db/schema/index.ts';

/**
 * The recipients whose latest answer consents to electronic delivery of their tax forms. Read
 * here rather than through modules/tax-forms, which imports this module (as recipients.ts reads
 * tax_forms). Never answered, or withdrawn, means paper: the IRS allows email only with consent.
 */
export async function consentingRecipients(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([taxDeliveryConsents.payee_id], { payee_id: taxDeliveryConsents.payee_id, consented: taxDeliveryConsents.consented })
    .from(taxDeliveryConsents)
    .where(inArray(taxDeliveryConsents.payee_id, [...ids]))
    .orderBy(taxDeliveryConsents.payee_id, desc(taxDeliveryConsents.recorded_at), desc(taxDeliveryConsents.id));
  return new Set(rows.filter((row) => row.consented).map((row) => row.payee_id));
}
