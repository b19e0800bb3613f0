import { boolean, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { deliverables } from './campaigns.ts';
import { orgs } from './orgs.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * What a campaign's draft payment waits for before it can execute (issue 31): the creator's
 * contract for the campaign signed, and/or a deliverable approved. Execute skips it and sets
 * execute_on_release; the signature or the approval then executes it once (its row lock and the
 * flag cleared in the same transaction make a repeated event find nothing to do).
 */
export const paymentGates = pgTable(
  'payment_gates',
  {
    payment_id: uuid()
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    org_id: uuid()
      .notNull()
      .references(() => orgs.id),
    requires_contract: boolean().notNull().default(false),
    // A deliverable deleted no longer holds the payment back.
    deliverable_id: uuid().references(() => deliverables.id, { onDelete: 'set null' }),
    execute_on_release: boolean().notNull().default(false),
    executed_by: uuid().references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (table) => [index('payment_gates_org_release_idx').on(table.org_id, table.execute_on_release)],
);
