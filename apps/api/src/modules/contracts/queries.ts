import { and, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { contractDisplayStatus, contractMessages, type ContractRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, contracts, creators, customers, orgs, type Contract } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

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

export type ContractRow = {
  contract: Contract;
  creator_email: string | null;
  creator_name: string | null;
  customer_name: string | null;
  customer_email: string | null;
  campaign_title: string | null;
  org_name: string;
  org_website: string | null;
};

function selectContracts(db: DbOrTx) {
  return db
    .select(columns)
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

export type ContractFilter = {
  payment_group_id?: string;
  creator_id?: string;
  customer_id?: string;
  status?: 'Invalid' | 'Signed' | 'Sent';
};

function statusFilter(status: ContractFilter['status']): SQL | undefined {
  if (status === 'Invalid') return eq(contracts.status, 'canceled');
  if (status === 'Signed') return and(ne(contracts.status, 'canceled'), isNotNull(contracts.signature_date));
  if (status === 'Sent') return and(ne(contracts.status, 'canceled'), isNull(contracts.signature_date));
  return undefined;
}

/** Contracts matching a scope (an organisation, or a portal user's recipient records) and the filters, newest first. */
export async function listContractRows(db: DbOrTx, scope: SQL, filter: ContractFilter): Promise<ContractRow[]> {
  const conditions: (SQL | undefined)[] = [scope, statusFilter(filter.status)];
  if (filter.payment_group_id) conditions.push(eq(contracts.payment_group_id, filter.payment_group_id));
  if (filter.creator_id) conditions.push(eq(contracts.creator_id, filter.creator_id));
  if (filter.customer_id) conditions.push(eq(contracts.customer_id, filter.customer_id));
  return selectContracts(db)
    .where(and(...conditions))
    .orderBy(desc(contracts.created_at), desc(contracts.id))
    .limit(1000);
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
