import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    // null: every member of the organisation sees it.
    user_id: uuid().references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    link: text(),
    dismissed: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (table) => [index('notifications_org_id_idx').on(table.org_id, table.created_at)],
);

/**
 * A notification for the whole organisation (user_id null) read by one member: each member reads
 * it for themself, so one owner's "Mark all read" leaves it unread for the others.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notification_id: uuid()
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.notification_id, table.user_id] }), index('notification_reads_user_id_idx').on(table.user_id)],
);

/** Which notification kinds a member also receives by email; no row means none. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    email_events: text().array().notNull().default([]),
    updated_at: updatedAt(),
  },
  (table) => [index('notification_preferences_org_id_idx').on(table.org_id)],
);
