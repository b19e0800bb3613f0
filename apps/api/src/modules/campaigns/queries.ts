import { and, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { campaignMessages, type CampaignListItem, type CampaignPage, type CampaignRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, customers, invoices, payments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { cursorMicros, keysetPage, newestFirst, pageWhere } from '../../lib/keyset.ts';

/** A campaign with the names the screens show, read in one query. */
const campaignColumns = {
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

export type PaymentFigures = { payments_count: number; payments_posted: number; total: number; completed: number; incomplete: number };

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type ListOptions = {
  org_id: string;
  page: number;
  page_size: number;
  starting_after?: string | undefined;
  archived: boolean;
  customer_id?: string | undefined;
  search?: string | undefined;
};

const campaignKeyset = { table: campaigns, created_at: campaigns.created_at, id: campaigns.id };

/**
 * A campaign row's list figures, read beside it (LATERAL, on the payment_group_id indexes): the
 * payments' count and posted ones, and the invoices' count (canceled ones count nowhere) and paid
 * ones. Read apart they cost two more round trips a page (docs/performance.md).
 */
function listFigures(db: DbOrTx) {
  const paid = db
    .select({
      payments_total: sql<number>`count(*)::int`.as('payments_total'),
      payments_posted: sql<number>`(count(*) FILTER (WHERE ${payments.status} = 'succeeded'))::int`.as('payments_posted'),
    })
    .from(payments)
    .where(and(eq(payments.org_id, campaigns.org_id), eq(payments.payment_group_id, campaigns.id), eq(payments.is_deleted, false)))
    .as('payment_figures');
  const invoiced = db
    .select({
      invoices_total: sql<number>`(count(*) FILTER (WHERE ${invoices.status} <> 'canceled'))::int`.as('invoices_total'),
      invoices_paid: sql<number>`(count(*) FILTER (WHERE ${invoices.status} = 'succeeded'))::int`.as('invoices_paid'),
    })
    .from(invoices)
    .where(and(eq(invoices.org_id, campaigns.org_id), eq(invoices.payment_group_id, campaigns.id)))
    .as('invoice_figures');
  return { paid, invoiced };
}

/**
 * One page of a tab of /campaigns, newest first: the active tab hides archived campaigns, the
 * archived tab shows only them. By keyset after a cursor, else by page number over the index
 * (lib/keyset.ts). One statement: the rows, their names and figures, and for a page number the
 * total as a count beside them (an InitPlan, run once); a page past the last row has no row to
 * carry it, so only then is it counted apart.
 */
export async function listCampaigns(db: DbOrTx, options: ListOptions): Promise<CampaignPage> {
  const scope = eq(campaigns.org_id, options.org_id);
  const filters: SQL[] = [scope, options.archived ? eq(campaigns.campaign_status, 'archived') : ne(campaigns.campaign_status, 'archived')];
  if (options.customer_id) filters.push(eq(campaigns.customer_id, options.customer_id));
  const search = options.search?.trim();
  if (search) filters.push(ilike(campaigns.title, `%${escapeLike(search)}%`));
  const where = and(...filters);
  const countAll = db.select({ total: count() }).from(campaigns).where(where);
  const total = options.starting_after ? sql<number | null>`NULL::bigint` : sql<number | null>`(${countAll})`;
  const { paid, invoiced } = listFigures(db);
  const found = await db
    .select({
      ...campaignColumns,
      // keysetPage's id beside the nested row: copying each row to add it cost a spread per row.
      id: campaigns.id,
      cursor_us: cursorMicros(campaigns.created_at),
      total: total.mapWith(Number),
      payments_total: paid.payments_total,
      payments_posted: paid.payments_posted,
      invoices_total: invoiced.invoices_total,
      invoices_paid: invoiced.invoices_paid,
    })
    .from(campaigns)
    .innerJoin(customers, eq(customers.id, campaigns.customer_id))
    .leftJoin(users, eq(users.id, campaigns.agent_id))
    .leftJoinLateral(paid, sql`true`)
    .leftJoinLateral(invoiced, sql`true`)
    .where(pageWhere(db, campaignKeyset, { scope, where, ...options }))
    .orderBy(...newestFirst(campaignKeyset))
    .limit(options.page_size + 1);
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  const data: CampaignListItem[] = rows.map((row) => ({
    ...toCampaignRecord(row),
    payments_posted: row.payments_posted,
    payments_total: row.payments_total,
    invoices_paid: row.invoices_paid,
    invoices_total: row.invoices_total,
  }));
  const carried = found[0]?.total;
  const pastTheEnd = async () => (options.page === 0 ? 0 : ((await countAll)[0]?.total ?? 0));
  const pageTotal = options.starting_after ? null : (carried ?? (await pastTheEnd()));
  return { data, total: pageTotal, page: options.page, page_size: options.page_size, has_more, next_cursor };
}
