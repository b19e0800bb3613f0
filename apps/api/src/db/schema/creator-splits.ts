import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { creators } from './creators.ts';
import { orgs } from './orgs.ts';

/**
 * A creator's split for one campaign (the Splits tab's campaign split editor): that campaign's
 * payments to the creator pay the agent and the manager these percents instead of the creator's
 * default agent_split / manager_split. One per creator and campaign.
 */
export const creatorCampaignSplits = pgTable(
  'creator_campaign_splits',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    creator_id: uuid().notNull(),
    payment_group_id: uuid().notNull(),
    agent_split: integer().notNull(),
    manager_split: integer().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [
    foreignKey({ name: 'creator_campaign_splits_creator_fk', columns: [table.creator_id], foreignColumns: [creators.id] }).onDelete(
      'cascade',
    ),
    // With the organisation in the key, a split cannot name another organisation's campaign.
    foreignKey({
      name: 'creator_campaign_splits_campaign_fk',
      columns: [table.payment_group_id, table.org_id],
      foreignColumns: [campaigns.id, campaigns.org_id],
    }).onDelete('cascade'),
    uniqueIndex('creator_campaign_splits_creator_campaign_key').on(table.creator_id, table.payment_group_id),
    index('creator_campaign_splits_campaign_idx').on(table.payment_group_id),
    check('creator_campaign_splits_percents', sql`${table.agent_split} BETWEEN 0 AND 100 AND ${table.manager_split} BETWEEN 0 AND 100`),
  ],
);

export type CreatorCampaignSplit = typeof creatorCampaignSplits.$inferSelect;
