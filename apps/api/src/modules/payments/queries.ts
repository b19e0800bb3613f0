import { and, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  paymentStatuses,
  paymentTabOf,
  USD_ESTIMATE_STATUSES,
  type PaymentRecord,
  type PaymentsPage,
  type PaymentTotalsAnswer,
} from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { creators, payments, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, pageNumberTotal } from '../../lib/keyset.ts';
import { recipientName } from './recipients.ts';
import { toPaymentRecord, toPaymentRecords } from './records.ts';

type ListOptions = {
  org_id: string;
  tab?: string | undefined;
  payment_group_id?: string | undefined;
  recipient?: string | undefined;
  created_from?: string | undefined;
  created_to?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
  search?: string | undefined;
  page: number;
  page_size: number;
  starting_after?: string | undefined;
};

/**
 * Each payment's recipient, joined in the page's statement (a creator for role creator, else a
 * member): read apart, the names cost two more round trips a page.
 */
const recipientColumns = {
  creator_email: creators.email,
  creator_first_name: creators.first_name,
  creator_last_name: creators.last_name,
  creator_business_name: creators.business_name,
  user_email: users.email,
  user_first_name: users.first_name,
  user_last_name: users.last_name,
};

type RecipientColumns = { [Key in keyof typeof recipientColumns]: string | null };

function namedRecipient(row: RecipientColumns): { name: string; email: string | null } | undefined {
  if (row.creator_email !== null)
    return {
      name: recipientName({
        email: row.creator_email,
        first_name: row.creator_first_name,
        last_name: row.creator_last_name,
        business_name: row.creator_business_name,
      }),
      email: row.creator_email,
    };
  if (row.user_email !== null)
    return {
      name: recipientName({ email: row.user_email, first_name: row.user_first_name, last_name: row.user_last_name }),
      email: row.user_email,
    };
  return undefined;
}

/**
 * The rows a list shows: the organisation's payments of a tab, a campaign, a recipient, a range of
 * days created and of amounts. "Select all N matching" executes what these match, so the list and
 * the execution read the same rules.
 */
export function listFilters(options: Omit<ListOptions, 'page' | 'page_size' | 'starting_after'>): SQL[] {
  const tab = paymentTabOf(options.tab);
  const filters: SQL[] = [eq(payments.org_id, options.org_id), eq(payments.is_deleted, false)];
  // The All tab lists every status: a filter naming all of them still costs a test per row.
  if (tab.statuses.length < paymentStatuses.length) filters.push(inArray(payments.status, [...tab.statuses]));
  if (options.payment_group_id) filters.push(eq(payments.payment_group_id, options.payment_group_id));
  // A recipient filter also shows the agent and manager payments that came from that creator's rows.
  if (options.recipient)
    filters.push(sql`(${payments.recipient} = ${options.recipient} OR ${payments.managed_creator_id} = ${options.recipient})`);
  // Days are UTC days: up to the end of created_to, the start of the next day excluded.
  if (options.created_from) filters.push(sql`${payments.created_at} >= ${options.created_from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (options.created_to) filters.push(sql`${payments.created_at} < (${options.created_to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  if (options.amount_min !== undefined) filters.push(gte(payments.amount, options.amount_min));
  if (options.amount_max !== undefined) filters.push(lte(payments.amount, options.amount_max));
  if (options.search) filters.push(searchFilter(options.org_id, options.search));
  return filters;
}

/** A LIKE pattern matching `term` anywhere, its own % and _ taken literally. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
const HEX = /^[0-9a-f]{4,32}$/;

/**
 * The list's search: the memo (trigram-indexed), the recipient's name or email (a creator by the
 * creators' indexed search text, an agent or manager by name and email), or the payment's reference
 * (the payout's reference the payment page shows, or the start of its id without dashes, as the payee's
 * email and portal show it). The recipients are
 * found first, within the organisation, so the payments are matched by the (org, recipient) index.
 */
function searchFilter(orgId: string, search: string): SQL {
  const pattern = containing(search.trim());
  const reference = search.trim().toLowerCase().replace(/-/g, '');
  const byId = HEX.test(reference) ? sql` OR replace(${payments.id}::text, '-', '') LIKE ${`${reference}%`}` : sql``;
  // The payout's reference as the payment page shows it (po_..., without dashes), from its start.
  const shown = containing(search.trim().replace(/-/g, '')).slice(1);
  const byReference = sql` OR replace(lower(${payments.stripe_reference_id}), '-', '') LIKE ${shown}${byId}`;
  return sql`(lower(${payments.memo}) LIKE ${pattern}
    OR ${payments.recipient} IN (SELECT c.id FROM creators c WHERE c.org_id = ${orgId} AND c.search_text LIKE ${pattern})
    OR ${payments.recipient} IN (SELECT u.id FROM users u WHERE u.org_id = ${orgId}
      AND lower(u.email || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ${pattern})${byReference})`;
}

/**
 * One page of the organisation's payments, newest first, for a tab and optional filters: by
 * keyset after a cursor, else by page number over the index alone (see creators' listCreators).
 * One statement either way: a page by number carries its total as a count beside the ids (an
 * InitPlan run once), and the recipients' names come joined. A page past the last row has no row
 * to carry the total, so only then is it counted apart.
 */
export async function listPayments(tx: DbOrTx, options: ListOptions): Promise<PaymentsPage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const where = and(...listFilters(options));
  const newestFirst = [desc(payments.created_at), desc(payments.id)];
  const countAll = tx.select({ value: count() }).from(payments).where(where);
  const total = position ? sql<number | null>`NULL::bigint` : sql<number | null>`(${countAll})`;
  const pageWhere = position
    ? and(where, afterPosition(payments.created_at, payments.id, position))
    : and(
        eq(payments.org_id, options.org_id),
        inArray(
          payments.id,
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(where)
            .orderBy(...newestFirst)
            .limit(options.page_size + 1)
            .offset(options.page * options.page_size),
        ),
      );
  const pageRows = tx
    // keysetPage's id beside the nested row: copying each row to add it cost a spread per row.
    .select({
      payment: payments,
      id: payments.id,
      cursor_us: cursorMicros(payments.created_at),
      total: total.mapWith(Number),
      ...recipientColumns,
    })
    .from(payments)
    .leftJoin(
      creators,
      and(eq(payments.recipient_role, 'creator'), eq(creators.id, payments.recipient), eq(creators.org_id, payments.org_id)),
    )
    .leftJoin(users, and(ne(payments.recipient_role, 'creator'), eq(users.id, payments.recipient), eq(users.org_id, payments.org_id)))
    .where(pageWhere)
    .orderBy(...newestFirst);
  const found = await pageRows;
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  const countApart = async () => (await countAll)[0]?.value ?? 0;
  return {
    data: rows.map((row) => toPaymentRecord(row.payment, namedRecipient(row))),
    total: position ? null : await pageNumberTotal(found, options.page, countApart),
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
  };
}

export async function getPayment(tx: DbOrTx, orgId: string, id: string): Promise<PaymentRecord> {
  if (!UUID_PATTERN.test(id)) throw new AppError('not_found', 'Payment not found');
  const rows = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, id), eq(payments.is_deleted, false)));
  if (rows.length === 0) throw new AppError('not_found', 'Payment not found');
  const [record] = await toPaymentRecords(tx, orgId, rows);
  return record!;
}

/** Pending = draft, requires_info or processing; completed = succeeded (amounts in cents). */
const PENDING_STATUSES = ['draft', 'requires_info', 'processing'] as const;
/** Pending payments whose amount is still the USD estimate of one entered in another currency (isUsdEstimate). */
const PENDING_ESTIMATE_STATUSES = PENDING_STATUSES.filter((status) => (USD_ESTIMATE_STATUSES as readonly string[]).includes(status));

const inStatuses = (statuses: readonly string[]) =>
  sql`${payments.status} IN (${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;

/**
 * Pending and completed totals; pending_estimated is the part of pending that is an estimate
 * (entered in the payee's currency, Nium has not taken the dollars yet), so a screen can say so.
 */
export async function paymentTotals(tx: DbOrTx, options: { org_id: string; recipient?: string | undefined }): Promise<PaymentTotalsAnswer> {
  const filters: SQL[] = [eq(payments.org_id, options.org_id), eq(payments.is_deleted, false)];
  if (options.recipient) filters.push(eq(payments.recipient, options.recipient));
  const [row] = await tx
    .select({
      pending: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${inStatuses(PENDING_STATUSES)}), 0)`,
      completed: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${payments.status} = 'succeeded'), 0)`,
      pending_estimated: sql<string>`COALESCE(SUM(${payments.amount}) FILTER (WHERE ${inStatuses(PENDING_ESTIMATE_STATUSES)} AND ${payments.amount_currency} <> 'USD'), 0)`,
    })
    .from(payments)
    .where(and(...filters));
  return {
    pending: Number(row?.pending ?? 0),
    completed: Number(row?.completed ?? 0),
    pending_estimated: Number(row?.pending_estimated ?? 0),
  };
}
