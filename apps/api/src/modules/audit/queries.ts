import { and, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describeAuditAction, type AuditEntryRecord, type AuditLogQuery } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage, literalLimit, newestFirst } from '../../lib/keyset.ts';

const actors = alias(users, 'actors');
const actedAs = alias(users, 'acted_as');
const EXPORT_CHUNK = 500;

type Filters = Omit<AuditLogQuery, 'starting_after' | 'page_size'>;

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);

/** The organisation's entries the filters keep: days are UTC days, both ends included. */
function filtersWhere(orgId: string, filters: Filters): SQL {
  return and(
    eq(auditLog.org_id, orgId),
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.user_id ? eq(auditLog.actor_user_id, filters.user_id) : undefined,
    filters.from ? gte(auditLog.created_at, new Date(`${filters.from}T00:00:00Z`)) : undefined,
    filters.to ? lt(auditLog.created_at, nextDay(filters.to)) : undefined,
  )!;
}

const personOf = (row: { id: string; email: string; first_name: string | null; last_name: string | null } | null) =>
  row ? { id: row.id, email: row.email, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email } : null;

async function readEntries(db: DbOrTx, where: SQL, limit: number) {
  const rows = await db
    .select({
      entry: auditLog,
      cursor_us: cursorMicros(auditLog.created_at),
      actor: { id: actors.id, email: actors.email, first_name: actors.first_name, last_name: actors.last_name },
      acted_as: { id: actedAs.id, email: actedAs.email, first_name: actedAs.first_name, last_name: actedAs.last_name },
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actor_user_id))
    .leftJoin(actedAs, eq(actedAs.id, auditLog.user_id))
    .where(where)
    .orderBy(...newestFirst({ table: auditLog, created_at: auditLog.created_at, id: auditLog.id }))
    .limit(literalLimit(limit));
  return rows.map(({ entry, cursor_us, actor, acted_as }) => {
    const record: AuditEntryRecord = {
      id: entry.id,
      created_at: entry.created_at.toISOString(),
      action: entry.action,
      description: describeAuditAction(entry.action),
      actor: personOf(actor),
      // Only when someone acted as another user: otherwise the user is the actor.
      acted_as: entry.user_id && entry.user_id !== entry.actor_user_id ? personOf(acted_as) : null,
      target_id: entry.target_id,
      target_type: (entry.target_type as AuditEntryRecord['target_type']) ?? null,
      amount: entry.amount,
      status_code: entry.status_code,
      details: entry.details,
    };
    return { ...record, cursor_us };
  });
}

const withoutCursor = ({ cursor_us: _cursor, ...entry }: AuditEntryRecord & { cursor_us: string }) => entry;

/** GET /v1/audit_log: a page of the organisation's entries, newest first. */
export async function listAuditLog(db: DbOrTx, orgId: string, query: AuditLogQuery) {
  const where = and(
    filtersWhere(orgId, query),
    query.starting_after ? afterPosition(auditLog.created_at, auditLog.id, decodeCursor(query.starting_after)) : undefined,
  )!;
  const page = keysetPage(await readEntries(db, where, query.page_size + 1), query.page_size);
  return { entries: page.rows.map(withoutCursor), has_more: page.has_more, next_cursor: page.next_cursor };
}

/** Every entry the filters keep, a chunk at a time (the CSV streams them). */
export async function* allAuditEntries(db: DbOrTx, orgId: string, filters: Filters): AsyncGenerator<AuditEntryRecord[]> {
  let after: { created_us: string; id: string } | null = null;
  for (;;) {
    const where = and(filtersWhere(orgId, filters), after ? afterPosition(auditLog.created_at, auditLog.id, after) : undefined)!;
    const rows = await readEntries(db, where, EXPORT_CHUNK);
    if (rows.length > 0) yield rows.map(withoutCursor);
    if (rows.length < EXPORT_CHUNK) return;
    const last = rows[rows.length - 1]!;
    after = { created_us: last.cursor_us, id: last.id };
  }
}
