import { sql } from 'drizzle-orm';
import {
  timelineActionLabels,
  type TimelineAction,
  type TimelineActor,
  type TimelineEvent,
  type TimelineKind,
  type TimelinePage,
  type TimelineQuery,
} from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { OBJECT_TABLES, TIMELINE_ROWS } from './timeline-sources.ts';

const NOUNS: Record<TimelineKind, string> = { payment: 'Payment', invoice: 'Invoice', contract: 'Contract', creator: 'Creator' };

type Position = { at_us: string; key: string };

/** The cursor: the last row's instant (whole microseconds, exact) and key, opaque to clients. */
const encode = (position: Position) => Buffer.from(`${position.at_us}.${position.key}`, 'utf8').toString('base64url');

function decode(cursor: string): Position {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const dot = text.indexOf('.');
  const [at_us, key] = [text.slice(0, dot), text.slice(dot + 1)];
  if (dot < 1 || !/^-?\d{1,17}$/.test(at_us) || !/^[a-z0-9]+:[0-9a-f-]{36}$/.test(key))
    throw new AppError('validation_error', 'Invalid cursor', { field: 'starting_after' });
  return { at_us, key };
}

type Row = {
  at_us: string;
  key: string;
  action: string;
  who_kind: string;
  who_id: string | null;
  /** The team member's name as the app shows people (their display name, else first and last, else email); null: the account was removed. */
  user_name: string | null;
  who_name: string | null;
  reason: string | null;
  amount: string | null;
};

/**
 * GET /v1/<objects>/:id/timeline: the object's story, oldest first, a page at a time (keyset on
 * the instant and the key). Its creation comes first whatever the instants say: in the sandbox an
 * invoice is dated by the sandbox clock, the audit rows after it by the real one (docs/decisions.md). The object must be the caller's organisation's: otherwise 404.
 */
export async function readTimeline(
  db: DbOrTx,
  viewer: { org_id: string; role: string },
  kind: TimelineKind,
  id: string,
  query: TimelineQuery,
): Promise<TimelinePage> {
  const orgId = viewer.org_id;
  const exists = await db.execute(sql`SELECT 1 FROM ${sql.identifier(OBJECT_TABLES[kind])} WHERE org_id = ${orgId} AND id = ${id}`);
  if (exists.rows.length === 0) throw notFound(NOUNS[kind]);
  const after = query.starting_after ? decode(query.starting_after) : null;
  const { rows } = await db.execute<Row>(sql`
    SELECT (extract(epoch from e.at) * 1000000)::bigint::text AS at_us, e.key, e.action, e.who_kind, e.who_id, e.who_name,
      COALESCE(NULLIF(trim(u.display_name), ''), NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.email) AS user_name, e.reason, e.amount::text AS amount
    FROM (${TIMELINE_ROWS[kind](orgId, id)}) AS e(at, key, action, who_kind, who_id, who_name, reason, amount)
    LEFT JOIN users u ON u.id = e.who_id
    WHERE e.at IS NOT NULL AND e.action IS NOT NULL
      ${after ? sql`AND (e.key NOT LIKE 'created:%', e.at, e.key) > (${!after.key.startsWith('created:')}, timestamptz 'epoch' + ${after.at_us}::bigint * interval '1 microsecond', ${after.key}::text)` : sql``}
    ORDER BY e.key NOT LIKE 'created:%', e.at, e.key
    LIMIT ${sql.raw(String(query.page_size + 1))}`);
  const page = rows.slice(0, query.page_size);
  const last = page[page.length - 1];
  return {
    data: page.map((row) => toEvent(row, DECIDERS.has(viewer.role))),
    has_more: rows.length > query.page_size,
    next_cursor: rows.length > query.page_size && last ? encode({ at_us: last.at_us, key: last.key }) : null,
  };
}

/** Who reads an approver's reason: those who decide approvals (Settings > Approvals); the maker is emailed it. */
const DECIDERS = new Set(['owner', 'admin']);
const DECISIONS = new Set<TimelineAction>(['approved', 'rejected']);

/**
 * Who did the step (timeline-sources.ts says what each source knows): a member for certain (a
 * null or vanished id is a removed account), the object's own column (null: not recorded), or
 * the payee, customer, signer or system the source names.
 */
function actorOf(row: Row): TimelineActor {
  const member = (): TimelineActor =>
    row.who_id && row.user_name ? { kind: 'user', id: row.who_id, name: row.user_name } : { kind: 'user', id: null, name: null };
  switch (row.who_kind) {
    case 'member':
      return member();
    case 'recorded':
      return row.who_id ? member() : { kind: 'unknown', id: null, name: null };
    case 'payee':
    case 'customer':
    case 'signer':
      return { kind: row.who_kind, id: null, name: row.who_name };
    case 'system':
      return { kind: 'system', id: null, name: row.who_name };
    default:
      return { kind: 'unknown', id: null, name: null };
  }
}

function toEvent(row: Row, readsDecisionReasons: boolean): TimelineEvent {
  const action = row.action as TimelineAction;
  return {
    key: row.key,
    at: new Date(Number(BigInt(row.at_us) / 1000n)).toISOString(),
    action,
    label: timelineActionLabels[action],
    actor: actorOf(row),
    // An approver's words about a payee stay with those who decide approvals.
    reason: DECISIONS.has(action) && !readsDecisionReasons ? null : row.reason,
    amount: row.amount === null ? null : Number(row.amount),
  };
}
