import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_LIMIT, paymentStatusLabels, parseDollarsToCents, type PaymentStatus, type SearchResult } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../lib/keyset.ts';

/** What one query is matched as: text anywhere (lower-cased), exactly (a reference), an amount in cents, an id. */
type Terms = { pattern: string; exact: string; cents: number | null; id: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function searchTerms(q: string): Terms {
  const exact = q.toLowerCase();
  // "$1,250", "1250.00" and "1250" are all 125000 cents: matched exactly, never as a range.
  return { pattern: containsPattern(exact), exact, cents: parseDollarsToCents(q), id: UUID.test(q) ? exact : null };
}

// The same name a person reads in the lists: a business's name, else first and last, else the email.
const creatorLabel = (alias: string) =>
  sql.raw(
    `coalesce(nullif(${alias}.business_name, ''), nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.email)`,
  );
const userLabel = sql.raw(`coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email)`);
const byId = (column: string, terms: Terms): SQL => (terms.id ? sql`OR ${sql.raw(column)} = ${terms.id}::uuid` : sql``);
const byAmount = (column: string, terms: Terms): SQL => (terms.cents !== null ? sql`OR ${sql.raw(column)} = ${terms.cents}` : sql``);

type Row = { id: string; label: string; detail: string | null; amount: string | number | null };

async function rows(db: Db, query: SQL): Promise<Row[]> {
  return (await db.execute<Row>(query)).rows;
}

function creatorsQuery(orgId: string, terms: Terms): SQL {
  return sql`
    SELECT c.id, ${creatorLabel('c')} AS label, c.email AS detail, NULL AS amount
    FROM creators c
    WHERE c.org_id = ${orgId} AND (c.search_text LIKE ${terms.pattern} ${byId('c.id', terms)})
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${SEARCH_LIMIT}`;
}

/** A payment by its amount, its recipient's name or email, its memo, its id or the provider's reference. */
function paymentsQuery(orgId: string, terms: Terms): SQL {
  return sql`
    SELECT p.id, coalesce(${creatorLabel('c')}, ${userLabel}, '') AS label, p.status AS detail, p.amount
    FROM payments p
    LEFT JOIN creators c ON p.recipient_role = 'creator' AND c.id = p.recipient AND c.org_id = p.org_id
    LEFT JOIN users u ON p.recipient_role <> 'creator' AND u.id = p.recipient AND u.org_id = p.org_id
    WHERE p.org_id = ${orgId} AND NOT p.is_deleted AND (
      c.search_text LIKE ${terms.pattern}
      OR lower(coalesce(u.email, '') || ' ' || coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) LIKE ${terms.pattern}
      OR lower(p.memo) LIKE ${terms.pattern}
      OR lower(coalesce(p.stripe_reference_id, '')) = ${terms.exact}
      ${byAmount('p.amount', terms)} ${byId('p.id', terms)})
    ORDER BY p.created_at DESC, p.id DESC LIMIT ${SEARCH_LIMIT}`;
}

function invoicesQuery(orgId: string, terms: Terms): SQL {
  return sql`
    SELECT i.id, i.title AS label, cu.name AS detail, i.amount
    FROM invoices i
    LEFT JOIN customers cu ON cu.id = i.customer_id AND cu.org_id = i.org_id
    WHERE i.org_id = ${orgId} AND (
      lower(i.title) LIKE ${terms.pattern} OR cu.search_text LIKE ${terms.pattern}
      ${byAmount('i.amount', terms)} ${byId('i.id', terms)})
    ORDER BY i.created_at DESC, i.id DESC LIMIT ${SEARCH_LIMIT}`;
}

function campaignsQuery(orgId: string, terms: Terms): SQL {
  return sql`
    SELECT g.id, g.title AS label, cu.name AS detail, NULL AS amount
    FROM campaigns g
    LEFT JOIN customers cu ON cu.id = g.customer_id AND cu.org_id = g.org_id
    WHERE g.org_id = ${orgId} AND (lower(g.title) LIKE ${terms.pattern} OR cu.search_text LIKE ${terms.pattern} ${byId('g.id', terms)})
    ORDER BY g.created_at DESC, g.id DESC LIMIT ${SEARCH_LIMIT}`;
}

function contractsQuery(orgId: string, terms: Terms): SQL {
  return sql`
    SELECT k.id, k.title AS label, coalesce(${creatorLabel('c')}, cu.name) AS detail, NULL AS amount
    FROM contracts k
    LEFT JOIN creators c ON c.id = k.creator_id AND c.org_id = k.org_id
    LEFT JOIN customers cu ON cu.id = k.customer_id AND cu.org_id = k.org_id
    WHERE k.org_id = ${orgId} AND (
      lower(k.title) LIKE ${terms.pattern} OR c.search_text LIKE ${terms.pattern} OR cu.search_text LIKE ${terms.pattern}
      ${byId('k.id', terms)})
    ORDER BY k.created_at DESC, k.id DESC LIMIT ${SEARCH_LIMIT}`;
}

const toResult = (kind: SearchResult['kind'], base: string, row: Row, detail?: string): SearchResult => ({
  kind,
  id: row.id,
  label: row.label,
  detail: detail ?? row.detail ?? '',
  amount: row.amount === null ? null : Number(row.amount),
  path: `/${base}/${row.id}`,
});

/**
 * The organisation's creators, payments, invoices, campaigns and contracts matching `q`, at most
 * SEARCH_LIMIT of each, newest first. Every query names the organisation: another's rows are
 * never read.
 */
export async function searchOrg(db: Db, options: { org_id: string; q: string }): Promise<SearchResult[]> {
  const terms = searchTerms(options.q);
  const [found, paid, billed, campaigns, contracts] = await Promise.all([
    rows(db, creatorsQuery(options.org_id, terms)),
    rows(db, paymentsQuery(options.org_id, terms)),
    rows(db, invoicesQuery(options.org_id, terms)),
    rows(db, campaignsQuery(options.org_id, terms)),
    rows(db, contractsQuery(options.org_id, terms)),
  ]);
  return [
    ...found.map((row) => toResult('creator', 'creators', row)),
    ...paid.map((row) => toResult('payment', 'payments', row, paymentStatusLabels[row.detail as PaymentStatus] ?? '')),
    ...billed.map((row) => toResult('invoice', 'invoices', row)),
    ...campaigns.map((row) => toResult('campaign', 'campaigns', row)),
    ...contracts.map((row) => toResult('contract', 'contracts', row)),
  ];
}
