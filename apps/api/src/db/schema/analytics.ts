import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * Product analytics (ANALYTICS_ENABLED, docs/operations.md): one row per page view or event the
 * browser reported. Deliberately nothing about who: no user, organisation, address or agent;
 * the page is a route pattern (/creators/:id). Counted by name and page over time.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    name: text().notNull(),
    page: text().notNull(),
    created_at: createdAt(),
  },
  (table) => [index('analytics_events_created_at_idx').on(table.created_at)],
);
