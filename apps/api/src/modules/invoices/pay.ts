import { and, desc, eq } from 'drizzle-orm';
import { computeFee, invoiceMessages, type InvoiceLinkInfo, type PayInvoiceAnswer, type PayInvoiceBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { charges, customers, invoices, orgBusinesses, orgs, type Charge, type ExpiringLink, type Invoice } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { paymentsInProvider, type ChargeAction } from '../../providers/payments-in/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findFeeRule } from '../fees/index.ts';
import { findUsableLink, INVALID_LINK_MESSAGE } from '../links/index.ts';
import { recordProviderCall, runProviderCallsSoon } from '../provider-calls/index.ts';
import { CHARGE_ACH, CHARGE_CARD, type ChargeCallRequest } from './charge-calls.ts';
import { recordCancel } from './charge-cancels.ts';
import { chargeAccountOf, prepareMethod } from './pay-methods.ts';

type Payer = { ip_address: string; user_agent: string };

async function invoiceOfLink(db: DbOrTx, link: ExpiringLink, forUpdate = false): Promise<Invoice> {
  const invoiceId = typeof link.payload.invoice_id === 'string' ? link.payload.invoice_id : null;
  if (link.type !== 'invoice_payment' || !invoiceId || !link.org_id) throw new AppError('gone', INVALID_LINK_MESSAGE);
  const query = db
    .select()
    .from(invoices)
    .where(and(eq(invoices.org_id, link.org_id), eq(invoices.id, invoiceId)));
  const [invoice] = forUpdate ? await query.for('update') : await query;
  if (!invoice) throw new AppError('gone', INVALID_LINK_MESSAGE);
  return invoice;
}

async function latestCharge(db: DbOrTx, invoiceId: string): Promise<Charge | null> {
  const [row] = await db.select().from(charges).where(eq(charges.invoice_id, invoiceId)).orderBy(desc(charges.created_at)).limit(1);
  return row ?? null;
}

/**
 * A payment attempt as its payer sees it: while pending, what they must still do (3-D Secure with
 * the client secret, or a bank's verification page), opened only for them through their link;
 * once failed, its reason, so the page says why and offers the form again.
 */
function payerView(deps: Pick<AppDeps, 'secrets'>, charge: Charge): PayInvoiceAnswer {
  const action =
    charge.status === 'pending' && charge.next_action_sealed
      ? (JSON.parse(deps.secrets.decrypt(charge.next_action_sealed)) as ChargeAction)
      : null;
  return {
    status: charge.status,
    charge_type: charge.charge_type,
    amount: charge.amount,
    next_action: action ? charge.next_action : null,
    client_secret: action?.client_secret ?? null,
    verification_url: action?.url ?? null,
    failure_reason: charge.status === 'failed' ? charge.failure_reason : null,
  };
}

/** GET /v1/expiring_link?id= of an invoice: what the payer sees, nothing else (no ids of the customer, no other invoices). */
export async function describeInvoiceLink(deps: AppDeps, link: ExpiringLink): Promise<InvoiceLinkInfo> {
  const { db } = deps;
  const invoice = await invoiceOfLink(db, link);
  const [org] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, invoice.org_id));
  const [business] = await db.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, invoice.org_id));
  const [customer] = await db.select().from(customers).where(eq(customers.id, invoice.customer_id));
  const charge = await latestCharge(db, invoice.id);
  return {
    type: 'invoice_payment',
    id: invoice.id,
    number: invoice.number,
    amount: invoice.amount,
    currency: invoice.currency,
    org_name: org?.name ?? '',
    title: invoice.title,
    description: invoice.description,
    disallowed_methods: invoice.disallowed_methods,
    status: invoice.status,
    processor: invoice.processor,
    has_attachment: Boolean(invoice.attachment_id),
    org_address: {
      line1: business?.address ?? '',
      line2: business?.address2 ?? '',
      city: business?.city ?? '',
      state: business?.state ?? '',
      zip: business?.zip_code ?? '',
    },
    recipient: { name: customer?.name ?? '', email: customer?.email ?? '' },
    created_at: invoice.created_at.toISOString(),
    net: invoice.net,
    payment: charge ? payerView(deps, charge) : null,
    stripe_account: await chargeAccountOf(deps, invoice.org_id),
  };
}

/**
 * Crewpay's fee, in the invoice's currency (Stripe takes the application fee in the charge's
 * currency). The rule's flat part and cap are USD cents: for an invoice in another currency only
 * its percentage applies, since no rate is known before Stripe converts the charge
 * (docs/decisions.md).
 */
function invoiceFee(invoice: Invoice, rule: Parameters<typeof computeFee>[1]): number {
  const applied = invoice.currency === 'usd' ? rule : { ...rule, flat_rate: 0, cap: null };
  return Math.min(invoice.amount, computeFee(invoice.amount, applied));
}

function assertPayable(invoice: Invoice, method: PayInvoiceBody['method']): void {
  if (invoice.status === 'canceled') throw new AppError('gone', invoiceMessages.canceled);
  if (invoice.status === 'succeeded') throw new AppError('conflict', invoiceMessages.alreadyPaid);
  if (invoice.processor !== 'stripe') throw new AppError('conflict', invoiceMessages.offlineNotPayable);
  if (invoice.disallowed_methods.includes(method))
    throw new AppError('validation_error', invoiceMessages.methodNotAllowed, { field: 'method' });
}

/**
 * POST /v1/expiring_link?id= of an invoice. The invoice row is locked; if a charge is already
 * pending or succeeded its answer is returned and nothing new is charged (double clicks, two
 * tabs, retries, a 3-D Secure step still open); the partial unique index on charges is the last
 * line. The charge is made on the organisation's own account, its fee as Crewpay's application
 * fee; the call is recorded beside the charge and made after the commit.
 */
export async function payInvoiceFromLink(deps: AppDeps, linkId: string, body: PayInvoiceBody, payer: Payer): Promise<PayInvoiceAnswer> {
  const link = await findUsableLink(deps.db, linkId);
  const preview = await invoiceOfLink(deps.db, link);
  assertPayable(preview, body.method);
  const account = await chargeAccountOf(deps, preview.org_id);
  const method = await prepareMethod(deps, {
    body,
    account,
    invoice: preview,
    payer,
    accepted_at: (await sandboxNow(deps.db)).toISOString(),
  });
  const callIds: string[] = [];
  const chargeId = await deps.db.transaction(async (tx) => {
    const invoice = await invoiceOfLink(tx, link, true);
    const live = await latestCharge(tx, invoice.id);
    if (live && (live.status === 'pending' || live.status === 'succeeded')) return live.id;
    assertPayable(invoice, body.method);
    const rule = await findFeeRule(tx, invoice.org_id, method.charge_type === 'card' ? 'invoice_card' : 'invoice_ach');
    const fee = invoiceFee(invoice, rule);
    const id = newId();
    await tx.insert(charges).values({
      id,
      org_id: invoice.org_id,
      invoice_id: invoice.id,
      charge_type: method.charge_type,
      amount: invoice.amount,
      fee,
      currency: invoice.currency,
      method_label: method.label,
      provider_account: account,
      created_at: await sandboxNow(tx),
    });
    const request: ChargeCallRequest = {
      charge_id: id,
      invoice_id: invoice.id,
      amount: invoice.amount,
      currency: invoice.currency,
      fee,
      account,
      ...method.request,
    };
    const operation = method.charge_type === 'card' ? CHARGE_CARD : CHARGE_ACH;
    callIds.push(
      await recordProviderCall(tx, {
        org_id: invoice.org_id,
        provider: paymentsInProvider(deps).name,
        operation,
        idempotency_key: `${operation}:${id}`,
        subject_id: id,
        request,
      }),
    );
    return id;
  });
  await runProviderCallsSoon(deps, callIds);
  const [charge] = await deps.db.select().from(charges).where(eq(charges.id, chargeId));
  return payerView(deps, charge!);
}

/**
 * POST /v1/invoices/pay/another_method?id=: the payer leaves the payment that waits for them (a
 * 3-D Secure step, a bank's micro-deposits) to pay by another card or method. It is canceled at
 * the provider (through the outbox, after the commit); if it went through meanwhile it is not, and
 * the answer says so (paid once). Answers the payment as the page shows it.
 */
export async function leaveWaitingPayment(deps: AppDeps, linkId: string): Promise<PayInvoiceAnswer> {
  const link = await findUsableLink(deps.db, linkId);
  const callIds: string[] = [];
  const chargeId = await deps.db.transaction(async (tx) => {
    const invoice = await invoiceOfLink(tx, link, true);
    const live = await latestCharge(tx, invoice.id);
    if (!live || live.status !== 'pending' || !live.next_action || !live.provider_id)
      throw new AppError('conflict', invoiceMessages.noPaymentWaiting);
    callIds.push(await recordCancel(deps, tx, live));
    return live.id;
  });
  await runProviderCallsSoon(deps, callIds);
  const [charge] = await deps.db.select().from(charges).where(eq(charges.id, chargeId));
  return payerView(deps, charge!);
}

/**
 * GET /v1/plaid_link_token?id=: opens the payer's bank login for this invoice (Stripe Financial
 * Connections on the organisation's account, for the invoice's customer; the sandbox's login).
 */
export async function openBankLink(deps: AppDeps, linkId: string): Promise<{ token: string }> {
  const invoice = await invoiceOfLink(deps.db, await findUsableLink(deps.db, linkId));
  assertPayable(invoice, 'bank');
  const account = await chargeAccountOf(deps, invoice.org_id);
  if (!deps.config.isSandbox && !account) throw new AppError('conflict', invoiceMessages.plaidToken);
  const [customer] = await deps.db.select().from(customers).where(eq(customers.id, invoice.customer_id));
  return paymentsInProvider(deps).createBankLink({
    org_id: invoice.org_id,
    account,
    customer: { id: invoice.customer_id, name: customer?.name ?? '', email: customer?.email ?? '' },
  });
}
