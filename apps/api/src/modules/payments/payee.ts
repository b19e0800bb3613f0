import { and, eq, sql } from 'drizzle-orm';
import { payeeSubmissionBody, type PayeeLinkInfo, type PayeeSubmissionBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { creators, orgs, payments, users, type ExpiringLink } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxNow } from '../clock/clock.ts';
import { INVALID_LINK_MESSAGE, findUsableLink, markLinkUsed } from '../links/service.ts';
import { sealSecret } from '../creators/secrets.ts';
import { startPayouts } from './payouts.ts';
import { payoutDestination } from './recipients.ts';

type PayeePayload = { recipient: string; recipient_role: 'creator' | 'agent' | 'manager' };

function payloadOf(link: ExpiringLink): PayeePayload {
  const payload = link.payload as Partial<PayeePayload>;
  if (link.type !== 'payee' || !link.org_id || typeof payload.recipient !== 'string' || !payload.recipient_role) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return { recipient: payload.recipient, recipient_role: payload.recipient_role };
}

async function waitingAmount(tx: DbOrTx, orgId: string, recipient: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`COALESCE(SUM(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.recipient, recipient), eq(payments.status, 'requires_info'), eq(payments.is_deleted, false)));
  return Number(row?.total ?? 0);
}

/** GET /v1/expiring_link for a payee link: who pays, how much is waiting, and whether PayPal/Venmo are offered. */
export async function describePayeeLink(tx: DbOrTx, link: ExpiringLink): Promise<PayeeLinkInfo> {
  const { recipient, recipient_role } = payloadOf(link);
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, link.org_id!));
  if (!org) throw new AppError('gone', INVALID_LINK_MESSAGE);
  const person =
    recipient_role === 'creator'
      ? (await tx.select().from(creators).where(and(eq(creators.org_id, org.id), eq(creators.id, recipient))))[0]
      : (await tx.select().from(users).where(and(eq(users.org_id, org.id), eq(users.id, recipient))))[0];
  if (!person) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return {
    type: 'payee',
    amount: await waitingAmount(tx, org.id, recipient),
    org_name: org.name,
    rec_first_name: person.first_name,
    rec_last_name: person.last_name,
    rec_business_name: 'business_name' in person ? person.business_name : null,
    is_paypal_enabled: org.paypal_enabled,
  };
}

export function parsePayeeSubmission(body: unknown): PayeeSubmissionBody {
  const parsed = payeeSubmissionBody.safeParse(body);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  throw new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.join('.') ?? '' });
}

function payoutColumns(deps: AppDeps, body: PayeeSubmissionBody) {
  const bank = body.selected_payment_method === 'stripe' ? { account: sealSecret(deps.secrets, body.account_number), routing: sealSecret(deps.secrets, body.routing_number) } : null;
  return {
    selected_payment_method: body.selected_payment_method,
    account_number: bank?.account.sealed ?? null,
    account_number_last4: bank?.account.last4 ?? null,
    routing_number: bank?.routing.sealed ?? null,
    paypal_email: body.selected_payment_method === 'paypal' ? body.paypal_email : null,
    venmo_phone_number: body.selected_payment_method === 'venmo' ? body.venmo_phone_number : null,
  };
}

/**
 * POST /v1/expiring_link for a payee link: stores the payout details (sealed) and tax details on
 * the recipient, uses the link up (locked: one use even when submitted twice at once) and starts
 * the payouts of the payments that were waiting for it.
 */
export async function submitPayeeLink(deps: AppDeps, linkId: string, rawBody: unknown) {
  return deps.db.transaction(async (tx) => {
    const link = await findUsableLink(tx, linkId, { forUpdate: true });
    const { recipient, recipient_role } = payloadOf(link);
    const body = parsePayeeSubmission(rawBody);
    const [org] = await tx.select().from(orgs).where(eq(orgs.id, link.org_id!));
    if (!org) throw new AppError('gone', INVALID_LINK_MESSAGE);
    if (body.selected_payment_method !== 'stripe' && !org.paypal_enabled) throw new AppError('validation_error', `${org.name} pays by bank account only`, { field: 'selected_payment_method' });
    const payout = payoutColumns(deps, body);
    const names = body.entity_type === 'individual' ? { first_name: body.first_name, last_name: body.last_name } : {};
    let person;
    if (recipient_role === 'creator') {
      [person] = await tx
        .update(creators)
        .set({
          ...payout,
          routing_number_last4: body.selected_payment_method === 'stripe' ? body.routing_number.slice(-4) : null,
          ...names,
          entity_type: body.entity_type,
          business_name: body.entity_type === 'business' ? body.business_name : null,
          state_tax_id: deps.secrets.encrypt(body.tax_id),
          address_line_1: body.address.line_1,
          address_line_2: body.address.line_2 || null,
          address_city: body.address.city,
          address_state: body.address.state,
          address_zip: body.address.zip,
        })
        .where(and(eq(creators.org_id, org.id), eq(creators.id, recipient)))
        .returning();
    } else {
      [person] = await tx.update(users).set({ ...payout, ...names }).where(and(eq(users.org_id, org.id), eq(users.id, recipient))).returning();
    }
    if (!person) throw new AppError('gone', INVALID_LINK_MESSAGE);
    await markLinkUsed(tx, link);
    const waiting = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.org_id, org.id), eq(payments.recipient, recipient), eq(payments.status, 'requires_info'), eq(payments.is_deleted, false)))
      .orderBy(payments.id)
      .for('update');
    const destination = payoutDestination(deps.secrets, person, { paypalEnabled: org.paypal_enabled });
    if (destination) await startPayouts(deps, tx, org.id, waiting.map((payment) => ({ payment, destination })), await sandboxNow(tx));
    return { amount: waiting.reduce((sum, row) => sum + row.amount, 0), org_name: org.name, selected_payment_method: body.selected_payment_method };
  });
}
