import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import {
  creators,
  customers,
  invoiceFundedPayments,
  invoices,
  ledgerTransfers,
  payments,
  type AccountingJournalEntry,
} from '../../db/schema/index.ts';
import type { QbParty } from '../../providers/accounting/index.ts';

/** The ledger transfers that are an invoice being paid: their entry checks the invoice's funded payments. */
export const INVOICE_PAID = new Set(['invoice_card_settled', 'invoice_ach_settled']);

export type EntryCreator = { id: string; name: string; qb_vendor: QbParty | null };
export type EntryInvoice = { id: string; amount: number; qb_customer: QbParty | null; funded_count: number; funded_earnings: number };

/**
 * What an entry's lines name beyond accounts, read when the entry is sent (so a retry sees the
 * cause fixed): the creators paid (name, QuickBooks vendor), and for an invoice its customer's
 * QuickBooks customer and the earnings of the payments it funds.
 */
export async function readEntryContext(
  deps: Pick<AppDeps, 'db'>,
  entry: AccountingJournalEntry,
): Promise<{ creators: EntryCreator[]; invoice: EntryInvoice | null }> {
  const creatorIds = entry.lines.flatMap((line) => (line.creator_id ? [line.creator_id] : []));
  const paid = creatorIds.length
    ? await deps.db
        .select({
          id: creators.id,
          first_name: creators.first_name,
          last_name: creators.last_name,
          business_name: creators.business_name,
          qb_vendor: creators.qb_vendor,
        })
        .from(creators)
        .where(and(eq(creators.org_id, entry.org_id), inArray(creators.id, creatorIds)))
    : [];
  const [transfer] = await deps.db
    .select({ metadata: ledgerTransfers.metadata })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.id, entry.ledger_transfer_id), eq(ledgerTransfers.org_id, entry.org_id)));
  const invoiceId = transfer?.metadata.invoice_id;
  return {
    creators: paid.map((creator) => ({
      id: creator.id,
      name: creator.business_name || [creator.first_name, creator.last_name].filter(Boolean).join(' '),
      qb_vendor: creator.qb_vendor ?? null,
    })),
    invoice: invoiceId ? await readInvoice(deps, entry.org_id, invoiceId) : null,
  };
}

async function readInvoice(deps: Pick<AppDeps, 'db'>, org_id: string, invoice_id: string): Promise<EntryInvoice | null> {
  const [invoice] = await deps.db
    .select({ id: invoices.id, amount: invoices.amount, qb_customer: customers.qb_customer })
    .from(invoices)
    .innerJoin(customers, and(eq(customers.id, invoices.customer_id), eq(customers.org_id, invoices.org_id)))
    .where(and(eq(invoices.id, invoice_id), eq(invoices.org_id, org_id)));
  if (!invoice) return null;
  const [funded] = await deps.db
    .select({ count: sql<number>`count(*)::int`, earnings: sql<number>`coalesce(sum(${payments.earnings}), 0)::bigint` })
    .from(invoiceFundedPayments)
    .innerJoin(payments, and(eq(payments.id, invoiceFundedPayments.payment_id), eq(payments.org_id, invoiceFundedPayments.org_id)))
    // A canceled payment funds nothing (the invoice screens leave it out too).
    .where(
      and(eq(invoiceFundedPayments.invoice_id, invoice_id), eq(invoiceFundedPayments.org_id, org_id), ne(payments.status, 'canceled')),
    );
  return {
    ...invoice,
    qb_customer: invoice.qb_customer ?? null,
    funded_count: funded?.count ?? 0,
    funded_earnings: Number(funded?.earnings ?? 0),
  };
}
