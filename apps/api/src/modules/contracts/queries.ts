import { and, count, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { contractDisplayStatus, contractMessages, type ContractPage, type ContractRecord } from '@crewpay/core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, contracts, creators, customers, orgs, type Contract } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createdWithin, textMatches } from '../../lib/list-filters.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';

/** A contract with the names its screens show (recipient, campaign, organisation), read in one query. */
const columns = {
  contract: contracts,
  creator_email: creators.email,
  creator_name: sql<
    string | null
  >`nullif(coalesce(nullif(${creators.business_name}, ''), trim(coalesce(${creators.first_name}, '') || ' ' || coalesce(${creators.last_name}, ''))), '')`,
  customer_name: customers.name,
  customer_email: customers.email,
  campaign_title: campaigns.title,
  org_name: orgs.name,
  org_website: orgs.website,
};

type ContractRow = {
  contract: Contract;
  creator_email: string | null;
  creator_name: string | null;
  customer_name: string | null;
  customer_email: string | null;
  campaign_title: string | null;
  org_name: string;
  org_website: string | null;
};

/** The contracts with their names joined; `extra` adds columns (a page's cursor). */
export function selectContracts<Extra extends Record<string, SQL | AnyPgColumn>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...columns, ...(extra ?? ({} as Extra)) })
    .from(contracts)
    .innerJoin(orgs, eq(orgs.id, contracts.org_id))
    .leftJoin(creators, eq(creators.id, contracts.creator_id))
    .leftJoin(customers, eq(customers.id, contracts.customer_id))
    .leftJoin(campaigns, eq(campaigns.id, contracts.payment_group_id));
}

/** The recipient's name and email: a creator's business or full name (else email), a customer's name. */
export function recipientOf(row: ContractRow): { name: string; email: string | null } {
  if (row.contract.recipient_type === 'creator') return { name: row.creator_name ?? row.creator_email ?? '', email: row.creator_email };
  return { name: row.customer_name ?? '', email: row.customer_email };
}

export function toContractRecord(row: ContractRow): ContractRecord {
  const { contract } = row;
  const signature_date = contract.signature_date?.toISOString() ?? null;
  return {
    id: contract.id,
    title: contract.title,
    type: contract.type,
    status: contract.status,
    display_status: contractDisplayStatus({ status: contract.status, signature_date }),
    org_id: contract.org_id,
    payment_group_id: contract.payment_group_id,
    campaign_title: row.campaign_title,
    creator_id: contract.creator_id,
    customer_id: contract.customer_id,
    recipient: recipientOf(row).name,
    recipient_email: recipientOf(row).email,
    recipient_type: contract.recipient_type,
    expiration_date: contract.expiration_date,
    signature_date,
    signature_request_id: contract.signature_request_id,
    preview_state: contract.preview_state,
    file_name: contract.file_name,
    has_signed_file: contract.signed_key !== null,
    formFields: contract.form_fields,
    org_name: row.org_name,
    org_website: row.org_website,
    created_at: contract.created_at.toISOString(),
  };
}

type ContractFilter = {
  payment_group_id?: string;
  creator_id?: string;
  customer_id?: string;
  status?: 'Invalid' | 'Signed' | 'Sent';
  created_from?: string | undefined;
  created_to?: string | undefined;
  search?: string | undefined;
};

/**
 * The search box: the title, or the recipient's name or email through the creators' and
 * customers' trigram-indexed search_text (subqueries, so the page's count needs no join).
 */
function searchFilter(term: string | undefined): SQL | undefined {
  const title = textMatches([sql`lower(${contracts.title})`], term);
  const creatorText = textMatches([creators.search_text], term);
  const customerText = textMatches([customers.search_text], term);
  if (!title || !creatorText || !customerText) return undefined;
  return or(
    title,
    sql`${contracts.creator_id} IN (SELECT ${creators.id} FROM ${creators} WHERE ${creators.org_id} = ${contracts.org_id} AND ${creatorText})`,
    sql`${contracts.customer_id} IN (SELECT ${customers.id} FROM ${customers} WHERE ${customers.org_id} = ${contracts.org_id} AND ${customerText})`,
  );
}

function statusFilter(status: ContractFilter['status']): SQL | undefined {
  if (status === 'Invalid') return eq(contracts.status, 'canceled');
  if (status === 'Signed') return and(ne(contracts.status, 'canceled'), isNotNull(contracts.signature_date));
  if (status === 'Sent') return and(ne(contracts.status, 'canceled'), isNull(contracts.signature_date));
  return undefined;
}

function filterConditions(scope: SQL, filter: ContractFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    scope,
    statusFilter(filter.status),
    ...createdWithin(contracts.created_at, filter),
    searchFilter(filter.search),
  ];
  if (filter.payment_group_id) conditions.push(eq(contracts.payment_group_id, filter.payment_group_id));
  if (filter.creator_id) conditions.push(eq(contracts.creator_id, filter.creator_id));
  if (filter.customer_id) conditions.push(eq(contracts.customer_id, filter.customer_id));
  return and(...conditions);
}

export const newestFirst = [desc(contracts.created_at), desc(contracts.id)];

/** Contracts matching a scope (a portal user's recipient records) and the filters, newest first. */
export async function listContractRows(db: DbOrTx, scope: SQL, filter: ContractFilter): Promise<ContractRow[]> {
  return selectContracts(db)
    .where(filterConditions(scope, filter))
    .orderBy(...newestFirst)
    .limit(1000);
}

export type PageOptions = { page: number; page_size: number; starting_after?: string | undefined };

/**
 * One page of an organisation's contracts, newest first, on the (org_id, created_at, id) index.
 * After a cursor (starting_after) the page is found by keyset; a page number (the spec's calls)
 * skips by offset and also counts the total, which a client paging by cursor already has.
 */
export async function listContractPage(db: DbOrTx, orgId: string, filter: ContractFilter & PageOptions): Promise<ContractPage> {
  const position = filter.starting_after ? decodeCursor(filter.starting_after) : null;
  const where = filterConditions(orgScope(orgId), filter);
  const pageRows = selectContracts(db, { id: contracts.id, cursor_us: cursorMicros(contracts.created_at) })
    .where(position ? and(where, afterPosition(contracts.created_at, contracts.id, position)) : where)
    .orderBy(...newestFirst)
    .limit(filter.page_size + 1)
    .offset(position ? 0 : filter.page * filter.page_size);
  const [found, totalRows] = await Promise.all([pageRows, position ? null : db.select({ total: count() }).from(contracts).where(where)]);
  const { rows, has_more, next_cursor } = keysetPage(found, filter.page_size);
  return {
    data: rows.map(toContractRecord),
    total: totalRows ? (totalRows[0]?.total ?? 0) : null,
    page: filter.page,
    page_size: filter.page_size,
    has_more,
    next_cursor,
  };
}

const EXPORT_CHUNK = 500;

/**
 * Every contract of the list's filters (the CSV export), newest first, read in keyset chunks so a
 * large organisation's report never holds the whole table in memory at once.
 */
export async function* allContracts(db: DbOrTx, orgId: string, filter: ContractFilter): AsyncGenerator<ContractRecord[]> {
  const where = filterConditions(orgScope(orgId), filter);
  let after: KeysetPosition | undefined;
  for (;;) {
    const rows = await selectContracts(db, { cursor_us: cursorMicros(contracts.created_at) })
      .where(after ? and(where, afterPosition(contracts.created_at, contracts.id, after)) : where)
      .orderBy(...newestFirst)
      .limit(EXPORT_CHUNK);
    const last = rows.at(-1);
    if (last) yield rows.map(toContractRecord);
    if (rows.length < EXPORT_CHUNK || !last) return;
    after = { created_us: last.cursor_us, id: last.contract.id };
  }
}

export async function findContractRow(db: DbOrTx, scope: SQL, id: string): Promise<ContractRow> {
  const [row] = await selectContracts(db)
    .where(and(scope, eq(contracts.id, id)))
    .limit(1);
  if (!row) throw new AppError('not_found', contractMessages.notFound);
  return row;
}

export const orgScope = (orgId: string) => eq(contracts.org_id, orgId);

/**
 * A portal user's contracts: those whose recipient is one of their creator or customer records,
 * linked to their login by user_id. A customer record is linked only when its organisation
 * invited that customer to the portal: an email alone never opens another organisation's papers.
 */
export const recipientUserScope = (userId: string) =>
  sql`(${contracts.creator_id} IN (SELECT id FROM creators WHERE user_id = ${userId})
    OR ${contracts.customer_id} IN (SELECT id FROM customers WHERE user_id = ${userId}))`;
