import { and, count, eq, ilike, inArray, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CampaignListItem, CampaignPage, CampaignStatus } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { campaigns, creators, customers, deliverables, invoices, payments, users } from '../../db/schema/index.ts';
import { createdWithin } from '../../lib/list-filters.ts';
import { preparedPerShape } from '../../db/prepared-rows.ts';
import {
  afterPosition,
  containsPattern,
  cursorMicros,
  decodeCursor,
  keysetPage,
  literalLimit,
  type KeysetPosition,
  newestFirst,
  pageNumberTotal,
  unseenByPlanner,
} from '../../lib/keyset.ts';
import { campaignColumns, toCampaignRecord } from './queries.ts';

type ListOptions = {
  org_id: string;
  page: number;
  page_size: number;
  starting_after?: string | undefined;
  archived: boolean;
  customer_id?: string | undefined;
  person_id?: string | undefined;
  status?: CampaignStatus | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
  search?: string | undefined;
};

const campaignKeyset = { table: campaigns, created_at: campaigns.created_at, id: campaigns.id };

/** A tab's filters; each value is either the request's or a prepared statement's placeholder. */
type Filters = {
  org_id: string | Placeholder;
  archived: boolean;
  customer_id?: string | Placeholder | undefined;
  person_id?: string | Placeholder | undefined;
  status?: CampaignStatus | Placeholder | undefined;
  created_from?: string | Placeholder | undefined;
  created_to?: string | Placeholder | undefined;
  search?: string | SQL | undefined;
};

/**
 * The campaigns of an agent's or manager's profile: they are its agent, one of its payments is
 * theirs, or a creator they manage has a payment or a deliverable in it.
 */
function involving(personId: string | Placeholder): SQL {
  const managed = and(eq(creators.org_id, campaigns.org_id), eq(creators.manager_id, personId));
  const paid = sql`SELECT 1 FROM ${payments} WHERE ${and(
    eq(payments.org_id, campaigns.org_id),
    eq(payments.payment_group_id, campaigns.id),
    eq(payments.is_deleted, false),
    or(eq(payments.recipient, personId), sql`${payments.recipient} IN (SELECT ${creators.id} FROM ${creators} WHERE ${managed})`),
  )}`;
  const delivering = sql`SELECT 1 FROM ${deliverables} JOIN ${creators} ON ${creators.id} = ${deliverables.creator_id} WHERE ${and(
    eq(deliverables.campaign_id, campaigns.id),
    managed,
  )}`;
  return or(eq(campaigns.agent_id, personId), sql`EXISTS (${paid})`, sql`EXISTS (${delivering})`)!;
}

function campaignsWhere(filters: Filters): SQL {
  const conditions: SQL[] = [
    eq(campaigns.org_id, filters.org_id),
    filters.archived ? eq(campaigns.campaign_status, 'archived') : ne(campaigns.campaign_status, 'archived'),
    ...createdWithin(campaigns.created_at, filters),
  ];
  // A status within the tab: archived on the Campaigns tab (or another on the Archived one) matches nothing.
  if (filters.status !== undefined) conditions.push(eq(campaigns.campaign_status, filters.status));
  if (filters.customer_id !== undefined) conditions.push(eq(campaigns.customer_id, filters.customer_id));
  if (filters.person_id !== undefined) conditions.push(involving(filters.person_id));
  if (filters.search !== undefined) conditions.push(ilike(campaigns.title, filters.search));
  return and(...conditions)!;
}

/**
 * A campaign row's list figures, read beside it (LATERAL, on the payment_group_id indexes): the
 * payments' count and posted ones, and the invoices' count (canceled ones count nowhere) and paid
 * ones. Read apart they cost two more round trips a page (docs/performance.md).
 */
function listFigures(db: Db) {
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

type PageShape = {
  cursor: boolean;
  archived: boolean;
  customer: boolean;
  person: boolean;
  status: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
  limit: number;
};

/** A statement's name per shape: each flag that is set adds its word. */
function shapeName(shape: PageShape): string {
  const flags = (['archived', 'customer', 'person', 'status', 'from', 'to', 'search'] as const).filter((flag) => shape[flag]);
  return ['campaigns_page', shape.cursor ? 'cursor' : 'number', ...flags, String(shape.limit)].join('_');
}

/**
 * The page statement of one shape (after a cursor or by page number; a tab; with or without a
 * customer and a search; its size), prepared once per database as the creators page is: built by
 * Drizzle once, planned by PostgreSQL once per connection rather than on every request. A page by
 * number finds its ids on the index first (a deferred join) and carries the tab's total as a
 * count beside them (an InitPlan, run once). The search pattern and the offset are hidden from
 * the planner so the generic plan is kept (lib/keyset.ts).
 */
function preparePage(db: Db, shape: PageShape) {
  const orgId = sql.placeholder('org_id');
  const where = campaignsWhere({
    org_id: orgId,
    archived: shape.archived,
    customer_id: shape.customer ? sql.placeholder('customer_id') : undefined,
    person_id: shape.person ? sql.placeholder('person_id') : undefined,
    status: shape.status ? sql.placeholder('status') : undefined,
    created_from: shape.from ? sql.placeholder('created_from') : undefined,
    created_to: shape.to ? sql.placeholder('created_to') : undefined,
    search: shape.search ? unseenByPlanner(sql.placeholder('search'), 'text') : undefined,
  });
  const total = shape.cursor
    ? sql<number | null>`NULL::bigint`
    : sql<number | null>`(${db.select({ total: count() }).from(campaigns).where(where)})`;
  const pageIds = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(where)
    .orderBy(...newestFirst(campaignKeyset))
    .limit(literalLimit(shape.limit))
    .offset(unseenByPlanner(sql.placeholder('offset'), 'bigint') as unknown as Placeholder);
  const position = { created_us: sql.placeholder('created_us'), id: sql.placeholder('cursor_id') };
  const { paid, invoiced } = listFigures(db);
  return db
    .select({
      ...campaignColumns,
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
    .where(
      shape.cursor
        ? and(where, afterPosition(campaigns.created_at, campaigns.id, position))
        : and(eq(campaigns.org_id, orgId), inArray(campaigns.id, pageIds)),
    )
    .orderBy(...newestFirst(campaignKeyset))
    .limit(literalLimit(shape.limit))
    .prepare(shapeName(shape));
}

const pageQuery = preparedPerShape(preparePage);

/** A row of the list (its names and figures) from the page statement's or the export's columns. */
type ListRow = Parameters<typeof toCampaignRecord>[0] & {
  payments_posted: number;
  payments_total: number;
  invoices_paid: number;
  invoices_total: number;
};
const toListItem = (row: ListRow): CampaignListItem => ({
  ...toCampaignRecord(row),
  payments_posted: row.payments_posted,
  payments_total: row.payments_total,
  invoices_paid: row.invoices_paid,
  invoices_total: row.invoices_total,
});

const EXPORT_CHUNK = 500;
type CampaignExportFilter = Omit<ListOptions, 'page' | 'page_size' | 'starting_after'>;

/**
 * Every campaign of a tab's filters (the CSV export), newest first, read in keyset chunks so a
 * large organisation's report never holds the whole table in memory at once.
 */
export async function* allCampaigns(db: Db, filter: CampaignExportFilter): AsyncGenerator<CampaignListItem[]> {
  const term = filter.search?.trim();
  const where = campaignsWhere({ ...filter, search: term ? containsPattern(term) : undefined });
  const { paid, invoiced } = listFigures(db);
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await db
      .select({
        ...campaignColumns,
        cursor_us: cursorMicros(campaigns.created_at),
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
      .where(after ? and(where, afterPosition(campaigns.created_at, campaigns.id, after)) : where)
      .orderBy(...newestFirst(campaignKeyset))
      .limit(EXPORT_CHUNK);
    const last = rows.at(-1);
    if (last) yield rows.map(toListItem);
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = { created_us: last.cursor_us, id: last.campaign.id };
  }
}

/**
 * One page of a tab of /campaigns, newest first: the active tab hides archived campaigns, the
 * archived tab shows only them. By keyset after a cursor, else by page number. One statement: the
 * rows, their names and figures, and for a page number the total; a page past the last row has
 * no row to carry the total, so only then is it counted apart.
 */
export async function listCampaigns(db: Db, options: ListOptions): Promise<CampaignPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const term = options.search?.trim();
  const search = term ? containsPattern(term) : undefined;
  const found = await pageQuery(db, {
    cursor: position !== null,
    archived: options.archived,
    customer: options.customer_id !== undefined,
    person: options.person_id !== undefined,
    status: options.status !== undefined,
    from: options.created_from !== undefined,
    to: options.created_to !== undefined,
    search: search !== undefined,
    limit: options.page_size + 1,
  }).execute({
    org_id: options.org_id,
    customer_id: options.customer_id,
    person_id: options.person_id,
    status: options.status,
    created_from: options.created_from,
    created_to: options.created_to,
    search,
    offset: options.page * options.page_size,
    created_us: position?.created_us,
    cursor_id: position?.id,
  });
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  const data = rows.map(toListItem);
  const countApart = async () => {
    const [counted] = await db
      .select({ total: count() })
      .from(campaigns)
      .where(campaignsWhere({ ...options, search }));
    return counted?.total ?? 0;
  };
  const total = position ? null : await pageNumberTotal(found, options.page, countApart);
  return { data, total, page: options.page, page_size: options.page_size, has_more, next_cursor };
}
