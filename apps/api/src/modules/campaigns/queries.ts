import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { campaignMessages, type CampaignRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, payments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** A campaign with the names the screens show, read in one query. */
export const campaignColumns = {
  campaign: campaigns,
  customer_name: customers.name,
  agent_first_name: users.first_name,
  agent_last_name: users.last_name,
  agent_email: users.email,
};

type CampaignJoinRow = {
  campaign: typeof campaigns.$inferSelect;
  customer_name: string;
  agent_first_name: string | null;
  agent_last_name: string | null;
  agent_email: string | null;
};

const selectCampaigns = (db: DbOrTx) =>
  db
    .select(campaignColumns)
    .from(campaigns)
    .innerJoin(customers, eq(customers.id, campaigns.customer_id))
    .leftJoin(users, eq(users.id, campaigns.agent_id));

export function toCampaignRecord(row: CampaignJoinRow): CampaignRecord {
  const { campaign } = row;
  const agentName = [row.agent_first_name, row.agent_last_name].filter(Boolean).join(' ') || row.agent_email;
  return {
    id: campaign.id,
    org_id: campaign.org_id,
    title: campaign.title,
    description: campaign.description,
    customer_id: campaign.customer_id,
    customer_name: row.customer_name,
    agent_id: campaign.agent_id,
    agent_name: campaign.agent_id ? agentName : null,
    deal_size: campaign.deal_size,
    campaign_ref_id: campaign.campaign_ref_id,
    terms: campaign.terms,
    campaign_start_date: campaign.campaign_start_date,
    campaign_end_date: campaign.campaign_end_date,
    campaign_status: campaign.campaign_status,
    created_at: campaign.created_at.toISOString(),
    updated_at: campaign.updated_at.toISOString(),
  };
}

/** The organisation's campaign, or 404 (another organisation's id answers like an unknown one). */
export async function findCampaign(db: DbOrTx, options: { org_id: string; id: string; field?: string }): Promise<CampaignRecord> {
  const [row] = await selectCampaigns(db)
    .where(and(eq(campaigns.org_id, options.org_id), eq(campaigns.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', campaignMessages.notFound, options.field ? { field: options.field } : {});
  return toCampaignRecord(row);
}

/** Refuses a payment_group_id that is not one of the organisation's campaigns. */
export async function assertCampaignOfOrg(db: DbOrTx, options: { org_id: string; id: string; field?: string }): Promise<void> {
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.org_id, options.org_id), eq(campaigns.id, options.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', campaignMessages.notFound, { field: options.field ?? 'payment_group_id' });
}

type PaymentFigures = { payments_count: number; payments_posted: number; total: number; completed: number; incomplete: number };

/**
 * Payment counts and sums per campaign, aggregated by PostgreSQL over the (org_id,
 * payment_group_id) index. Posted = succeeded; total money counts draft, awaiting input, pending
 * and posted payments (canceled, failed and returned ones were never paid).
 */
export async function paymentFiguresByCampaign(
  db: DbOrTx,
  options: { org_id: string; ids: string[] },
): Promise<Map<string, PaymentFigures>> {
  const figures = new Map<string, PaymentFigures>(
    options.ids.map((id) => [id, { payments_count: 0, payments_posted: 0, total: 0, completed: 0, incomplete: 0 }]),
  );
  if (options.ids.length === 0) return figures;
  const rows = await db
    .select({
      id: payments.payment_group_id,
      payments_count: count(),
      payments_posted: sql<string>`COUNT(*) FILTER (WHERE ${payments.status} = 'succeeded')`,
      completed: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} = 'succeeded'), 0)`,
      incomplete: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} IN ('draft', 'requires_info', 'processing')), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.org_id, options.org_id), inArray(payments.payment_group_id, options.ids), eq(payments.is_deleted, false)))
    .groupBy(payments.payment_group_id);
  for (const row of rows) {
    const completed = Number(row.completed);
    const incomplete = Number(row.incomplete);
    figures.set(row.id!, {
      payments_count: row.payments_count,
      payments_posted: Number(row.payments_posted),
      total: completed + incomplete,
      completed,
      incomplete,
    });
  }
  return figures;
}
