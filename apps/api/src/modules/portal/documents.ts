import { sql } from 'drizzle-orm';
import type { PortalTodoItem } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import type { PortalRecords, PortalScope } from './scope.ts';

/** The portal home's contract and invoice figures: counts and to-do items. */
type PortalContribution = { contracts?: number; invoices?: number; todos?: PortalTodoItem[] };

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
const orgFilter = (scope: PortalScope, alias: string) =>
  scope.only_org_id ? sql` AND ${sql.raw(alias)}.org_id = ${scope.only_org_id}::uuid` : sql``;

/** The user's contracts (as a creator or a customer): how many (invalidated ones aside), and those waiting for their signature. */
async function contractFigures(db: DbOrTx, scope: PortalScope, records: PortalRecords): Promise<PortalContribution> {
  const creatorIds = records.creators.map((row) => row.id);
  const customerIds = records.customers.map((row) => row.id);
  if (creatorIds.length === 0 && customerIds.length === 0) return {};
  const mine = sql`(${creatorIds.length ? sql`c.creator_id IN (${uuidList(creatorIds)})` : sql`false`}
    OR ${customerIds.length ? sql`c.customer_id IN (${uuidList(customerIds)})` : sql`false`})${orgFilter(scope, 'c')}`;
  const [counted, unsigned] = await Promise.all([
    db.execute<{ count: string }>(sql`SELECT count(*) AS count FROM contracts c WHERE ${mine} AND c.status <> 'canceled'`),
    db.execute<{ id: string; org_id: string; title: string; org_name: string }>(sql`
      SELECT c.id, c.org_id, c.title, o.name AS org_name FROM contracts c JOIN orgs o ON o.id = c.org_id
       WHERE ${mine} AND c.type = 'signature_request' AND c.status = 'requires_info' AND c.signature_date IS NULL
       ORDER BY c.created_at DESC LIMIT 500`),
  ]);
  const todos: PortalTodoItem[] = unsigned.rows.map((row) => ({
    todoType: 'Unsigned Contract',
    id: row.id,
    org_id: row.org_id,
    title: `${row.org_name}: ${row.title}`,
    amount: 0,
    link: `/creator/contracts/${row.id}`,
  }));
  return { contracts: Number(counted.rows[0]?.count ?? 0), todos };
}

/** A customer's invoices: how many (canceled ones aside), and the open ones to pay. */
async function invoiceFigures(db: DbOrTx, scope: PortalScope, records: PortalRecords): Promise<PortalContribution> {
  const customerIds = records.customers.map((row) => row.id);
  if (customerIds.length === 0) return {};
  const mine = sql`i.customer_id IN (${uuidList(customerIds)})${orgFilter(scope, 'i')}`;
  const [counted, open] = await Promise.all([
    db.execute<{ count: string }>(sql`SELECT count(*) AS count FROM invoices i WHERE ${mine} AND i.status <> 'canceled'`),
    db.execute<{ id: string; org_id: string; title: string; amount: string; org_name: string }>(sql`
      SELECT i.id, i.org_id, i.title, i.amount, o.name AS org_name FROM invoices i JOIN orgs o ON o.id = i.org_id
       WHERE ${mine} AND i.status = 'requires_info' ORDER BY i.created_at DESC LIMIT 500`),
  ]);
  const todos: PortalTodoItem[] = open.rows.map((row) => ({
    todoType: 'Unpaid Invoice',
    id: row.id,
    org_id: row.org_id,
    title: `${row.org_name}: ${row.title}`,
    amount: Number(row.amount),
    link: '/creator/invoices',
  }));
  return { invoices: Number(counted.rows[0]?.count ?? 0), todos };
}

/** Contracts and invoices of the user's creator and customer rows. */
export async function documentFigures(db: DbOrTx, options: { scope: PortalScope; records: PortalRecords }): Promise<PortalContribution> {
  const [contracts, invoices] = await Promise.all([
    contractFigures(db, options.scope, options.records),
    invoiceFigures(db, options.scope, options.records),
  ]);
  return { ...contracts, ...invoices, todos: [...(contracts.todos ?? []), ...(invoices.todos ?? [])] };
}
