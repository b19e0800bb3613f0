import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { orgs } from './orgs.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/** Settings > Approvals: one row per organisation that set rules (no row: payments go out when executed). */
export const approvalRules = pgTable('approval_rules', {
  org_id: uuid()
    .primaryKey()
    .references(() => orgs.id),
  every_payment: boolean().notNull().default(false),
  above_amount: bigint({ mode: 'number' }),
  new_payee: boolean().notNull().default(false),
  new_payee_days: integer().notNull().default(30),
  second_approver_above: bigint({ mode: 'number' }),
  updated_by_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
  updated_at: updatedAt(),
});

/**
 * One execution of a payment that waits for approval: how many approvals it needs, why, who
 * executed it and how much of the wallet it holds (given back exactly on rejection). A payment
 * rejected back to draft and executed again gets a new row; one pending row per payment at most.
 */
export const paymentApprovals = pgTable(
  'payment_approvals',
  {
    id: id(),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    payment_id: uuid()
      .notNull()
      .references(() => payments.id),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    required: integer().notNull(),
    reasons: text().array().notNull(),
    held: bigint({ mode: 'number' }).notNull(),
    executed_by_user_id: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    decided_at: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('payment_approvals_pending_idx')
      .on(table.payment_id)
      .where(sql`status = 'pending'`),
    index('payment_approvals_org_status_idx').on(table.org_id, table.status),
  ],
);

/** Each approver's word on a waiting payment; one per person per approval round. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: id(),
    approval_id: uuid()
      .notNull()
      .references(() => paymentApprovals.id),
    user_id: uuid()
      .notNull()
      .references(() => users.id),
    decision: text({ enum: ['approve', 'reject'] }).notNull(),
    reason: text().notNull().default(''),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('approval_decisions_once_idx').on(table.approval_id, table.user_id)],
);

export type ApprovalRulesRow = typeof approvalRules.$inferSelect;
export type PaymentApproval = typeof paymentApprovals.$inferSelect;
