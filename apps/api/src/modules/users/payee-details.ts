import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { users, type User } from '../../db/schema/index.ts';

type UserPayeeDetails = Pick<
  User,
  | 'selected_payment_method'
  | 'account_number'
  | 'account_number_last4'
  | 'routing_number'
  | 'routing_number_last4'
  | 'paypal_email'
  | 'venmo_phone_number'
  | 'first_name'
  | 'last_name'
  | 'legal_entity_type'
  | 'business_name'
  | 'date_of_birth'
  | 'state_tax_id'
  | 'address_line_1'
  | 'address_line_2'
  | 'address_city'
  | 'address_state'
  | 'address_zip'
>;

/** An agent's or manager's row, for the payee page and the portal. */
export async function findUserForPayee(tx: DbOrTx, options: { org_id: string; id: string }): Promise<User | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.org_id, options.org_id), eq(users.id, options.id)));
  return row ?? null;
}

/** The payee page's and the portal's one write on an agent or manager (payees/payee.ts goes through here, not the table). */
export async function saveUserPayeeDetails(
  tx: DbOrTx,
  options: { org_id: string; id: string; details: Partial<UserPayeeDetails> },
): Promise<User | null> {
  const changes = columnsToSet(options.details);
  if (!changes) return findUserForPayee(tx, options);
  const [row] = await tx
    .update(users)
    .set(changes)
    .where(and(eq(users.org_id, options.org_id), eq(users.id, options.id)))
    .returning();
  return row ?? null;
}
