import { and, eq } from 'drizzle-orm';
import {
  campaignMessages,
  endsBeforeStart,
  grossRevenue,
  type CampaignDetail,
  type CreateCampaignBody,
  type UpdateCampaignBody,
} from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { campaigns, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findCustomerRow, invoiceFiguresBy } from '../customers/index.ts';
import { findCampaign, paymentFiguresByCampaign } from './queries.ts';

/** The agent must be a member of the organisation flagged as an agent. */
async function assertAgent(db: DbOrTx, orgId: string, agentId: string): Promise<void> {
  const [agent] = await db
    .select({ is_agent: users.is_agent })
    .from(users)
    .where(and(eq(users.org_id, orgId), eq(users.id, agentId)))
    .limit(1);
  if (!agent?.is_agent) throw new AppError('not_found', campaignMessages.agentNotFound, { field: 'agent_id' });
}

/** GET /v1/campaigns/{id}: the campaign and its overview's money (see campaignFigures in packages/core). */
export async function getCampaignDetail(db: DbOrTx, options: { org_id: string; id: string }): Promise<CampaignDetail> {
  const campaign = await findCampaign(db, options);
  const [paymentFigures, invoiceFigures] = await Promise.all([
    paymentFiguresByCampaign(db, { org_id: options.org_id, ids: [campaign.id] }),
    invoiceFiguresBy(db, { org_id: options.org_id, by: 'payment_group_id', ids: [campaign.id] }),
  ]);
  const paid = paymentFigures.get(campaign.id)!;
  const invoiced = invoiceFigures.get(campaign.id)!;
  const gross = grossRevenue(campaign.deal_size, paid.total);
  return {
    ...campaign,
    figures: {
      payments_count: paid.payments_count,
      payments_posted: paid.payments_posted,
      total_payments: paid.total,
      payments_completed: paid.completed,
      payments_incomplete: paid.incomplete,
      invoices_total: invoiced.total,
      invoices_paid: invoiced.paid,
      invoices_completed: invoiced.paid_amount,
      invoices_incomplete: invoiced.open_amount,
      gross_revenue: gross,
      income_current: invoiced.paid_amount - paid.completed,
      income_projected: gross,
    },
  };
}

/** POST /v1/campaigns (the wizard's General step without a campaignId). */
export async function createCampaign(db: DbOrTx, options: { org_id: string; body: CreateCampaignBody }): Promise<CampaignDetail> {
  const { body } = options;
  await findCustomerRow(db, { org_id: options.org_id, id: body.customer_id, field: 'customer_id' });
  if (body.agent_id) await assertAgent(db, options.org_id, body.agent_id);
  const id = newId();
  await db.insert(campaigns).values({ id, org_id: options.org_id, ...body });
  return getCampaignDetail(db, { org_id: options.org_id, id });
}

/** PUT /v1/campaigns/{id}: General step and details card; dates are checked after merging with what is stored. */
export async function updateCampaign(
  db: DbOrTx,
  options: { org_id: string; id: string; body: UpdateCampaignBody },
): Promise<CampaignDetail> {
  if (options.body.id && options.body.id !== options.id)
    throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
  const current = await findCampaign(db, options);
  const { id: _id, ...changes } = options.body;
  const start = changes.campaign_start_date !== undefined ? changes.campaign_start_date : current.campaign_start_date;
  const end = changes.campaign_end_date !== undefined ? changes.campaign_end_date : current.campaign_end_date;
  if (endsBeforeStart(start, end)) throw new AppError('validation_error', campaignMessages.endBeforeStart, { field: 'campaign_end_date' });
  if (changes.customer_id && changes.customer_id !== current.customer_id)
    await findCustomerRow(db, { org_id: options.org_id, id: changes.customer_id, field: 'customer_id' });
  if (changes.agent_id && changes.agent_id !== current.agent_id) await assertAgent(db, options.org_id, changes.agent_id);
  const toSet = columnsToSet(changes);
  if (toSet) {
    await db
      .update(campaigns)
      .set(toSet)
      .where(and(eq(campaigns.org_id, options.org_id), eq(campaigns.id, options.id)));
  }
  return getCampaignDetail(db, options);
}
