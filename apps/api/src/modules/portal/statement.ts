import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { formatCents, paymentStatusLabels, toCsv, type PortalStatementQuery } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { campaigns, orgs, payments } from '../../db/schema/index.ts';
import { ownPaymentsFilter } from './queries.ts';
import type { PortalRecords, PortalScope } from './scope.ts';

/** A statement is for people, not a bulk export: a range holding more rows than this is cut, and says so. */
const STATEMENT_LIMIT = 5_000;

const people = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * GET /v1/portal/payments/statement: the payee's payments of a date range (by the day posted, else
 * created), oldest first, with the payer and campaign by name, the reference (never the raw id)
 * and the total received (posted payments only).
 */
export async function paymentStatementCsv(
  db: DbOrTx,
  options: { scope: PortalScope; records: PortalRecords; query: PortalStatementQuery },
): Promise<{ csv: string; file_name: string }> {
  const day = sql`coalesce(${payments.date_posted}, ${payments.created_at})`;
  const from = new Date(`${options.query.from}T00:00:00Z`);
  const until = new Date(new Date(`${options.query.to}T00:00:00Z`).getTime() + 86_400_000);
  const rows = await db
    .select({
      id: payments.id,
      org_name: orgs.name,
      campaign_title: campaigns.title,
      status: payments.status,
      memo: payments.memo,
      amount: payments.amount,
      date_posted: payments.date_posted,
      created_at: payments.created_at,
    })
    .from(payments)
    .innerJoin(orgs, eq(orgs.id, payments.org_id))
    .leftJoin(campaigns, and(eq(campaigns.id, payments.payment_group_id), eq(campaigns.org_id, payments.org_id)))
    .where(and(ownPaymentsFilter(options.scope, options.records), gte(day, from), lt(day, until)))
    .orderBy(asc(day), asc(payments.id))
    .limit(STATEMENT_LIMIT + 1);
  const shown = rows.slice(0, STATEMENT_LIMIT);
  const received = shown.filter((row) => row.status === 'succeeded').reduce((sum, row) => sum + row.amount, 0);
  const lines: unknown[][] = [
    ['Date', 'Payer', 'Campaign', 'Memo', 'Status', 'Amount', 'Reference'],
    ...shown.map((row) => [
      people.format(row.date_posted ?? row.created_at),
      row.org_name,
      row.campaign_title ?? '',
      row.memo,
      paymentStatusLabels[row.status],
      formatCents(row.amount),
      row.id.replace(/-/g, '').slice(0, 16),
    ]),
    [],
    ['Total received (posted)', '', '', '', '', formatCents(received), ''],
    ...(rows.length > STATEMENT_LIMIT
      ? [[`Only the first ${STATEMENT_LIMIT} payments of this range are listed: choose a shorter range`]]
      : []),
  ];
  return { csv: `${toCsv(lines)}\r\n`, file_name: `payment-statement-${options.query.from}-to-${options.query.to}.csv` };
}
