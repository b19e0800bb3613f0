import { eq, sql } from 'drizzle-orm';
import { formatInvoiceNumber } from '@crewpay/core';
import type { Tx } from '../../db/client.ts';
import { invoiceCounters, orgs } from '../../db/schema/index.ts';

/**
 * The organisation's next invoice number, taken inside the transaction that creates the invoice.
 * The upsert locks the organisation's counter row until that transaction ends: concurrent creations
 * take numbers one after another (never the same one), and a creation that rolls back gives its
 * number back, so no gap is left. Call it as late in the transaction as possible: it queues the others.
 */
export async function nextInvoiceNumber(tx: Tx, orgId: string): Promise<{ seq: number; number: string }> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ org_id: orgId, last_seq: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.org_id, set: { last_seq: sql`${invoiceCounters.last_seq} + 1` } })
    .returning({ seq: invoiceCounters.last_seq });
  const [org] = await tx.select({ prefix: orgs.invoice_prefix }).from(orgs).where(eq(orgs.id, orgId));
  if (!counter || !org) throw new Error('Invoice counter upsert returned nothing');
  return { seq: counter.seq, number: formatInvoiceNumber(org.prefix, counter.seq) };
}
