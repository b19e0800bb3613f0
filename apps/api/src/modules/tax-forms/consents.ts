import { desc, inArray } from 'drizzle-orm';
import type { TaxDeliveryConsent } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { taxDeliveryConsents, type TaxDeliveryConsentRow } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { PayeeRef } from './records.ts';
import type { SignerRequest } from './service.ts';

const toConsent = (row: TaxDeliveryConsentRow): NonNullable<TaxDeliveryConsent> => ({
  payee_id: row.payee_id,
  consented: row.consented,
  recorded_at: row.recorded_at.toISOString(),
  source: row.source,
});

/**
 * Records the payee's answer as a new row (never an update): the IRS asks that consent and its
 * withdrawal can be shown later, so every answer stays with its time, IP and user agent.
 */
export async function recordDeliveryConsent(
  db: DbOrTx,
  options: { payee: PayeeRef; consented: boolean; signer: SignerRequest; source: 'payee_link' | 'portal' },
): Promise<NonNullable<TaxDeliveryConsent>> {
  const [row] = await db
    .insert(taxDeliveryConsents)
    .values({
      id: newId(),
      payee_type: options.payee.type,
      payee_id: options.payee.id,
      consented: options.consented,
      recorded_at: await sandboxNow(db),
      ip_address: options.signer.ip_address,
      user_agent: options.signer.user_agent.slice(0, 500),
      source: options.source,
    })
    .returning();
  return toConsent(row!);
}

/** Each payee's latest answer (the ids are already the caller's own); a payee who never answered is absent. */
export async function latestDeliveryConsents(db: DbOrTx, payeeIds: readonly string[]): Promise<NonNullable<TaxDeliveryConsent>[]> {
  if (payeeIds.length === 0) return [];
  const rows = await db
    .selectDistinctOn([taxDeliveryConsents.payee_id])
    .from(taxDeliveryConsents)
    .where(inArray(taxDeliveryConsents.payee_id, [...payeeIds]))
    .orderBy(taxDeliveryConsents.payee_id, desc(taxDeliveryConsents.recorded_at), desc(taxDeliveryConsents.id));
  return rows.map(toConsent);
}
