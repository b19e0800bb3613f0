import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orgs } from './orgs.ts';
import { users } from './users.ts';

export const payoutDetailFields = ['bank_account', 'paypal', 'venmo', 'email', 'payout_method'] as const;
export type PayoutDetailField = (typeof payoutDetailFields)[number];

/**
 * Every change of where a creator's or agent's money goes: who changed it, when, through what,
 * and which kind of field. Never the values themselves (account numbers, emails).
 */
export const payoutDetailChanges = pgTable(
  'payout_detail_changes',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payee_type: text({ enum: ['creator', 'user'] }).notNull(),
    payee_id: uuid().notNull(),
    // null when the payee changed it through their own link.
    changed_by_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    source: text({ enum: ['staff', 'payee_link', 'portal'] }).notNull(),
    fields: text({ enum: payoutDetailFields }).array().notNull(),
    created_at: createdAt(),
  },
  (table) => [index('payout_detail_changes_payee_idx').on(table.org_id, table.payee_id, table.created_at)],
);

export type PayoutDetailChange = typeof payoutDetailChanges.$inferSelect;
