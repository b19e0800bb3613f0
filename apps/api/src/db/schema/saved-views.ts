import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

/** A person's named filters of one list: the list's URL query string, read back by the page. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    user_id: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    name: text().notNull(),
    query: text().notNull(),
    created_at: createdAt(),
  },
  (table) => [index('saved_views_user_id_list_idx').on(table.user_id, table.list)],
);

export type SavedView = typeof savedViews.$inferSelect;
