import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { campaigns, contracts, creators, customers, invoices, payments, treasuryTransactions } from '../db/schema/index.ts';
import { afterPosition, newestFirst, type KeysetColumns } from './keyset.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.app.close();
});

const ORG = '00000000-0000-7000-8000-000000000001';
const lists: Array<{ name: string; columns: KeysetColumns; where: SQL }> = [
  { name: 'creators', columns: { table: creators, created_at: creators.created_at, id: creators.id }, where: eq(creators.org_id, ORG) },
  {
    name: 'payments',
    columns: { table: payments, created_at: payments.created_at, id: payments.id },
    where: and(eq(payments.org_id, ORG), eq(payments.is_deleted, false))!,
  },
  {
    name: 'campaigns',
    columns: { table: campaigns, created_at: campaigns.created_at, id: campaigns.id },
    where: eq(campaigns.org_id, ORG),
  },
  {
    name: 'customers',
    columns: { table: customers, created_at: customers.created_at, id: customers.id },
    where: eq(customers.org_id, ORG),
  },
  { name: 'invoices', columns: { table: invoices, created_at: invoices.created_at, id: invoices.id }, where: eq(invoices.org_id, ORG) },
  {
    name: 'contracts',
    columns: { table: contracts, created_at: contracts.created_at, id: contracts.id },
    where: eq(contracts.org_id, ORG),
  },
  {
    name: 'wallet transactions',
    columns: { table: treasuryTransactions, created_at: treasuryTransactions.created_at, id: treasuryTransactions.id },
    where: eq(treasuryTransactions.org_id, ORG),
  },
];

/** The plan nodes of a query, flattened, as EXPLAIN (FORMAT JSON) gives them. */
type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

describe('keyset pages read their index in order', () => {
  // An index whose null ordering differs from ORDER BY created_at DESC (NULLS FIRST) cannot give
  // the order: PostgreSQL then reads every row of the organisation after the cursor and sorts.
  it.each(lists)('$name: a page after a cursor is an index scan with no Sort', async ({ columns, where }) => {
    const plan = await ctx.database.db.transaction(async (tx) => {
      // Small test tables would be read whole either way; what is checked is that the index can give the order.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
      const page = tx
        .select({ id: columns.id })
        .from(columns.table)
        .where(and(where, afterPosition(columns.created_at, columns.id, { created_us: '1800000000000000', id: ORG })))
        .orderBy(...newestFirst(columns))
        .limit(51)
        .toSQL();
      const result = await tx.execute(sql.raw(`EXPLAIN (FORMAT JSON) ${inline(page.sql, page.params)}`));
      return (result.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]!.Plan;
    });
    const nodes = flatten(plan).map((node) => node['Node Type']);
    expect(nodes).not.toContain('Sort');
    expect(nodes.some((type) => type.startsWith('Index'))).toBe(true);
  });
});

/** EXPLAIN takes no bind parameters: the test's own constants are written into the text. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'boolean' || typeof value === 'number' ? String(value) : `'${String(value)}'`;
  });
}
