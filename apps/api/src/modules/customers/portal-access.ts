import { and, eq } from 'drizzle-orm';
import type { CustomerPortalAccess } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers, orgs, users, type Customer } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { queueEmails, sendQueuedEmails, type OutgoingEmail } from '../email/index.ts';
import { createExpiringLinks } from '../links/index.ts';

export const portalAccessMessages = {
  noEmail: 'Add an email address to this customer first',
  otherKindOfAccount:
    'This email already signs in to Crewpay as a team member or creator; a customer portal login needs an email of its own',
  invited: 'Invitation sent!',
} as const;

async function findOwnCustomer(tx: DbOrTx, options: { org_id: string; id: string }, forUpdate = false): Promise<Customer> {
  const query = tx
    .select()
    .from(customers)
    .where(and(eq(customers.org_id, options.org_id), eq(customers.id, options.id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'Customer not found');
  return row;
}

async function accessOf(tx: DbOrTx, customer: Customer): Promise<CustomerPortalAccess> {
  if (!customer.user_id) return { customer_id: customer.id, user_id: null, has_password: false };
  const user = (await tx.select().from(users).where(eq(users.id, customer.user_id)).limit(1))[0];
  return { customer_id: customer.id, user_id: customer.user_id, has_password: Boolean(user?.password_hash) };
}

/** GET /v1/customers/{id}/portal_access: whether the customer has a portal login and has chosen a password. */
export async function getCustomerPortalAccess(db: DbOrTx, options: { org_id: string; id: string }): Promise<CustomerPortalAccess> {
  return accessOf(db, await findOwnCustomer(db, options));
}

/**
 * POST /v1/customers/{id}/portal_invite: gives the customer a portal login (role customer,
 * external) and emails it. One login serves every organisation that invites the same email; an
 * email that already signs in as staff or as a creator is refused (one email, one kind of login).
 * Inviting again re-sends the invitation until a password is chosen, then a sign-in notice.
 */
export async function inviteCustomerToPortal(deps: AppDeps, options: { org_id: string; id: string }): Promise<CustomerPortalAccess> {
  const { access, emailIds } = await deps.db.transaction(async (tx) => {
    const customer = await findOwnCustomer(tx, options, true);
    if (!customer.email) throw new AppError('validation_error', portalAccessMessages.noEmail, { field: 'email' });
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, options.org_id));
    if (!org) throw new AppError('not_found', 'Customer not found');
    let account = (await tx.select().from(users).where(eq(users.email, customer.email)).limit(1))[0];
    if (account && !(account.is_external && account.role === 'customer'))
      throw new AppError('conflict', portalAccessMessages.otherKindOfAccount, { field: 'email' });
    if (!account) {
      [account] = await tx
        .insert(users)
        .values({ id: newId(), email: customer.email, org_id: org.id, role: 'customer', is_external: true, first_name: customer.name })
        .returning();
    }
    const user = account!;
    await tx
      .update(customers)
      .set({ user_id: user.id })
      .where(and(eq(customers.org_id, org.id), eq(customers.id, customer.id)));
    const base = deps.config.publicUrl;
    let message: OutgoingEmail;
    if (user.password_hash) {
      message = {
        org_id: org.id,
        to: user.email,
        subject: `${org.name} added you on Crewpay`,
        paragraphs: [
          `${org.name} added you as a customer. Sign in with your existing Crewpay account to see their invoices and contracts.`,
        ],
        links: [{ label: 'Sign in', url: `${base}/signin` }],
      };
    } else {
      const [linkId] = await createExpiringLinks(tx, [{ type: 'invitation', org_id: org.id, user_id: user.id }]);
      message = {
        org_id: org.id,
        to: user.email,
        subject: `${org.name} invited you to Crewpay`,
        paragraphs: [
          `${org.name} invited you to Crewpay, where you can see and pay their invoices and sign their contracts.`,
          'Choose a password to open your customer dashboard, then sign in on the Creator side. The link works once and expires in 7 days.',
        ],
        links: [{ label: 'Choose your password', url: `${base}/resetPassword/${linkId}` }],
      };
    }
    const emailIds = await queueEmails(tx, [message]);
    return { access: await accessOf(tx, { ...customer, user_id: user.id }), emailIds };
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return access;
}
