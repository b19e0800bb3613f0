import { and, desc, eq, sql } from 'drizzle-orm';
import type { DashboardAnswer, TodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { orgCreatorCounts, payments } from '../../db/schema/index.ts';
import { findBalances } from '../ledger/index.ts';
import { loadRecipients, recipientName } from '../payments/index.ts';
import { activeCampaignsFor, hasCampaign } from '../campaigns/index.ts';
import { openInvoiceTotals, unpaidInvoiceTodos } from '../invoices/index.ts';
import { unsignedContractTodos } from '../contracts/index.ts';

/** Every payment waiting for its recipient's payout details, newest first. */
async function paymentTodos(db: DbOrTx, orgId: string): Promise<TodoItem[]> {
  const rows = await db
    .select({ id: payments.id, recipient: payments.recipient, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.status, 'requires_info'), eq(payments.is_deleted, false)))
    .orderBy(desc(payments.created_at), desc(payments.id));
  const people = await loadRecipients(
    db,
    orgId,
    rows.map((row) => row.recipient),
  );
  return rows.map((row) => {
    const person = people.creators.get(row.recipient) ?? people.users.get(row.recipient);
    return {
      todoType: 'Payment needs payout method',
      id: row.id,
      org_id: orgId,
      title: person ? recipientName(person) : '',
      amount: row.amount,
      has_phone: Boolean(person?.phone_number),
    };
  });
}

/** GET /v1/dashboard: wallet balance, draft payments total, creators count, the to-do list and the active campaigns. */
export async function dashboardFor(db: DbOrTx, orgId: string): Promise<DashboardAnswer> {
  const [balances, [drafts], [creatorCount], paymentItems, invoiceItems, contractItems, receivable, active_campaigns, has_campaign] =
    await Promise.all([
      findBalances(db, orgId, ['wallet_available']),
      db
        .select({ total: sql<string>`COALESCE(SUM(${payments.amount}), 0)` })
        .from(payments)
        .where(and(eq(payments.org_id, orgId), eq(payments.status, 'draft'), eq(payments.is_deleted, false))),
      // Kept by the database as creators are added (migration 0046): counting them grew with the organisation.
      db.select({ total: orgCreatorCounts.creators }).from(orgCreatorCounts).where(eq(orgCreatorCounts.org_id, orgId)),
      paymentTodos(db, orgId),
      unpaidInvoiceTodos(db, orgId),
      unsignedContractTodos(db, orgId),
      openInvoiceTotals(db, orgId),
      activeCampaignsFor(db, orgId),
      hasCampaign(db, orgId),
    ]);
  return {
    balance: balances.wallet_available ?? 0,
    receivable,
    draft_payments: Number(drafts?.total ?? 0),
    total_creators: creatorCount?.total ?? 0,
    todos: [...contractItems, ...invoiceItems, ...paymentItems],
    active_campaigns,
    has_campaign,
  };
}
