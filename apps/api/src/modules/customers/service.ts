import { and, eq } from 'drizzle-orm';
import { customerMessages, type CreateCustomerBody, type CustomerListItem, type UpdateCustomerBody } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import { customers, type Customer } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { findCustomerRow, getCustomer } from './queries.ts';

const duplicateEmail = () => new AppError('conflict', customerMessages.duplicate, { field: 'email' });

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  const withCode = (value: unknown) => typeof value === 'object' && value !== null && (value as { code?: unknown }).code === '23505';
  return withCode(error) || withCode((error as { cause?: unknown } | null)?.cause);
}

/** POST /v1/customers. The unique index decides duplicates, so two simultaneous adds cannot both win. */
export async function createCustomer(db: DbOrTx, options: { org_id: string; body: CreateCustomerBody }): Promise<CustomerListItem> {
  const { body } = options;
  const [row] = await db
    .insert(customers)
    .values({
      id: newId(),
      org_id: options.org_id,
      name: body.name,
      email: body.email,
      attn: body.attn,
      cc_emails: body.cc_emails,
      phone_number: body.phone_number,
    })
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (!row) throw duplicateEmail();
  return getCustomer(db, { org_id: options.org_id, id: row.id });
}

/** The columns a customer update changes: only the fields sent (the address object replaces the address). */
function changesOf(body: UpdateCustomerBody): Partial<Customer> {
  const changes: Partial<Customer> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.attn !== undefined) changes.attn = body.attn;
  if (body.cc_emails !== undefined) changes.cc_emails = body.cc_emails;
  if (body.phone_number !== undefined) changes.phone_number = body.phone_number;
  if (body.qb_customer !== undefined) changes.qb_customer = body.qb_customer;
  if (body.address) {
    changes.address_line_1 = body.address.line_1;
    changes.address_line_2 = body.address.line_2;
    changes.address_city = body.address.city;
    changes.address_state = body.address.state;
    changes.address_zip = body.address.zip;
  }
  return changes;
}

/** PUT /v1/customers/{id}: the organisation's customer only; an email another customer has is a 409. */
export async function updateCustomer(
  db: DbOrTx,
  options: { org_id: string; id: string; body: UpdateCustomerBody },
): Promise<CustomerListItem> {
  if (options.body.id && options.body.id !== options.id)
    throw new AppError('validation_error', 'The id in the body does not match the address', { field: 'id' });
  await findCustomerRow(db, options);
  const changes = columnsToSet(changesOf(options.body));
  if (changes) {
    try {
      await db
        .update(customers)
        .set(changes)
        .where(and(eq(customers.org_id, options.org_id), eq(customers.id, options.id)));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateEmail();
      throw error;
    }
  }
  return getCustomer(db, options);
}
