import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns.ts';
import { creators } from './creators.ts';
import { orgs } from './orgs.ts';

export const tags = pgTable(
  'tags',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    label: text().notNull(),
    created_at: createdAt(),
  },
  // One tag per label and organisation, whatever its case.
  (table) => [uniqueIndex('tags_org_id_label_key').on(table.org_id, sql`lower(${table.label})`)],
);

export const tagEnrollments = pgTable(
  'tag_enrollments',
  {
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    tag_id: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    creator_id: uuid()
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tag_id, table.creator_id] }), index('tag_enrollments_creator_id_idx').on(table.creator_id)],
);

export type Tag = typeof tags.$inferSelect;
