import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

type InvoiceFigures = { volume: number; count: number; paid: number; total: number; paid_amount: number; open_amount: number };
const none: InvoiceFigures = { volume: 0, count: 0, paid: 0, total: 0, paid_amount: 0, open_amount: 0 };

/**
 * Invoice figures per customer or per campaign (`by`), for the given ids of one organisation.
 * Succeeded invoices are the paid ones (they count toward a customer's invoice volume); canceled
 * ones count nowhere.
 */
export async function invoiceFiguresBy(
  db: DbOrTx,
  options: { org_id: string; by: 'customer_id' | 'payment_group_id'; ids: string[] },
): Promise<Map<string, InvoiceFigures>> {
  const figures = new Map<string, InvoiceFigures>(options.ids.map((id) => [id, { ...none }]));
  if (options.ids.length === 0) return figures;
  const column = sql.identifier(options.by);
  const result = await db.execute<{ id: string; volume: string; count: string; paid: string; open_amount: string }>(sql`
    SELECT ${column} AS id,
           COALESCE(SUM(amount) FILTER (WHERE status = 'succeeded'), 0) AS volume,
           COUNT(*) FILTER (WHERE status <> 'canceled') AS count,
           COUNT(*) FILTER (WHERE status = 'succeeded') AS paid,
           COALESCE(SUM(amount) FILTER (WHERE status NOT IN ('succeeded', 'canceled')), 0) AS open_amount
      FROM invoices
     WHERE org_id = ${options.org_id} AND ${column} IN (${sql.join(
       options.ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
     GROUP BY ${column}`);
  for (const row of result.rows) {
    const volume = Number(row.volume);
    const count = Number(row.count);
    figures.set(row.id, { volume, count, paid: Number(row.paid), total: count, paid_amount: volume, open_amount: Number(row.open_amount) });
  }
  return figures;
}
