import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/**
 * Who did what, kept for people who must answer for it later. Every write made while acting as
 * another user lands here with both users (actor_user_id: the real person; user_id: the one they
 * acted as); other features add their own actions through modules/audit (`recordAudit`).
 * The row is written before the write it describes runs, then completed with its outcome.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    org_id: uuid().references(() => orgs.id),
    /** The person really at the keyboard. */
    actor_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The user the action was made as (the acted-as user; the actor themselves when not acting). */
    user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** 'POST /v1/creators/user/:id' for a request, or a named action like 'login_as.start'. */
    action: text().notNull(),
    /** The id of the thing acted on, when the action names one (the route's :id). */
    target_id: text(),
    /** What the target is (payment, invoice, contract, creator): the row links to its page and its timeline. */
    target_type: text(),
    /** The money the action concerns, in cents (an approval's payment, an edit's new amount), when it concerns money. */
    amount: bigint({ mode: 'number' }),
    /** The HTTP status the write ended with; null while it runs (or if the process died during it). */
    status_code: integer(),
    /** Extra facts, never personal data or secrets (ids, counts). */
    details: jsonb().$type<Record<string, string | number | boolean | null>>(),
    created_at: createdAt(),
    completed_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('audit_log_org_id_created_at_idx').on(table.org_id, table.created_at),
    index('audit_log_actor_user_id_idx').on(table.actor_user_id, table.created_at),
    index('audit_log_user_id_idx').on(table.user_id, table.created_at),
    // An object's timeline reads the rows about it.
    index('audit_log_org_target_idx')
      .on(table.org_id, table.target_id, table.created_at)
      .where(sql`target_id IS NOT NULL`),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
