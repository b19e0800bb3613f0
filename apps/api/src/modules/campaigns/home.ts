import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { DASHBOARD_LIST_SIZE, openCampaignStatuses, type ActiveCampaignItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { paymentFiguresByCampaign } from './queries.ts';

/** Home's Active Campaigns card: the newest preflight or active campaigns, with their payments count and total. */
export async function activeCampaignsFor(db: DbOrTx, orgId: string): Promise<ActiveCampaignItem[]> {
  const rows = await db
    .select({ id: campaigns.id, title: campaigns.title, created_at: campaigns.created_at })
    .from(campaigns)
    .where(and(eq(campaigns.org_id, orgId), inArray(campaigns.campaign_status, [...openCampaignStatuses])))
    .orderBy(desc(campaigns.created_at), desc(campaigns.id))
    .limit(DASHBOARD_LIST_SIZE);
  const figures = await paymentFiguresByCampaign(db, { org_id: orgId, ids: rows.map((row) => row.id) });
  return rows.map((row) => ({
    type: 'campaign' as const,
    id: row.id,
    title: row.title,
    payments_count: figures.get(row.id)?.payments_count ?? 0,
    opened_at: row.created_at.toISOString(),
    total_amount: figures.get(row.id)?.total ?? 0,
  }));
}

/** Whether the organisation has any campaign (the checklist's Start a Campaign step). */
export async function hasCampaign(db: DbOrTx, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(campaigns)
    .where(eq(campaigns.org_id, orgId))
    .limit(1);
  return Boolean(row);
}
