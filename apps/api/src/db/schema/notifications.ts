import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
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
