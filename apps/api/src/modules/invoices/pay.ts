import { and, desc, eq } from 'drizzle-orm';
import { computeFee, invoiceMessages, type InvoiceLinkInfo, type PayInvoiceBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { charges, customers, invoices, orgBusinesses, orgs, type Charge, type ExpiringLink, type Invoice } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { paymentsInProvider } from '../../providers/payments-in/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findFeeRule } from '../fees/index.ts';
import { findUsableLink, INVALID_LINK_MESSAGE } from '../links/index.ts';
import { recordProviderCall, runProviderCallsSoon } from '../provider-calls/index.ts';
import { CHARGE_ACH, CHARGE_CARD, type ChargeCallRequest } from './charge-calls.ts';

type Answer = { status: Charge['status']; charge_type: Charge['charge_type']; amount: number };

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

async function latestLiveCharge(db: DbOrTx, invoiceId: string): Promise<Charge | null> {
  const [row] = await db.select().from(charges).where(eq(charges.invoice_id, invoiceId)).orderBy(desc(charges.created_at)).limit(1);
  return row ?? null;
}

/** GET /v1/expiring_link?id= of an invoice: what the payer sees, nothing else (no ids of the customer, no other invoices). */
export async function describeInvoiceLink(db: DbOrTx, link: ExpiringLink): Promise<InvoiceLinkInfo> {
  const invoice = await invoiceOfLink(db, link);
  const [org] = await db.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, invoice.org_id));
  const [business] = await db.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, invoice.org_id));
  const [customer] = await db.select().from(customers).where(eq(customers.id, invoice.customer_id));
  const charge = await latestLiveCharge(db, invoice.id);
  return {
    type: 'invoice_payment',
    id: invoice.id,
    amount: invoice.amount,
    org_name: org?.name ?? '',
    title: invoice.title,
    description: invoice.description,
    disallowed_methods: invoice.disallowed_methods,
    status: invoice.status,
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
    payment: charge ? { status: charge.status, charge_type: charge.charge_type, amount: charge.amount } : null,
  };
}

function assertPayable(invoice: Invoice, method: PayInvoiceBody['method']): void {
  if (invoice.status === 'canceled') throw new AppError('gone', invoiceMessages.canceled);
  if (invoice.status === 'succeeded') throw new AppError('conflict', invoiceMessages.alreadyPaid);
  if (invoice.processor !== 'stripe') throw new AppError('conflict', invoiceMessages.offlineNotPayable);
  if (invoice.disallowed_methods.includes(method))
    throw new AppError('validation_error', invoiceMessages.methodNotAllowed, { field: 'method' });
}

/** What the provider is asked, resolved before our transaction (docs/providers.md: calls a person waits for). */
async function prepareMethod(deps: AppDeps, body: PayInvoiceBody) {
  const provider = paymentsInProvider(deps);
  if (body.method === 'card') {
    const card = await provider.describeCard(body.payment_method);
    if (!card) throw new AppError('validation_error', invoiceMessages.card, { field: 'payment_method' });
    return { charge_type: 'card' as const, label: `${card.brand} •••• ${card.last4}`, request: { token: body.payment_method } };
  }
  const account = await provider.exchangePublicToken({ public_token: body.public_token, account_id: body.account_id });
  if (!account) throw new AppError('validation_error', 'This bank link has expired: connect your bank again', { field: 'public_token' });
  return {
    charge_type: 'ach' as const,
    label: `${account.name} •••• ${account.mask}`,
    request: { account_number_sealed: deps.secrets.encrypt(account.account_number), routing_number: account.routing_number },
  };
}

/**
 * POST /v1/expiring_link?id= of an invoice. The invoice row is locked; if a charge is already
 * pending or succeeded its answer is returned and nothing new is charged (double clicks, two
 * tabs, retries); the partial unique index on charges is the last line. The charge call is
 * recorded beside the charge and made after the commit.
 */
export async function payInvoiceFromLink(deps: AppDeps, linkId: string, body: PayInvoiceBody): Promise<Answer> {
  const link = await findUsableLink(deps.db, linkId);
  assertPayable(await invoiceOfLink(deps.db, link), body.method);
  const method = await prepareMethod(deps, body);
  const callIds: string[] = [];
  const chargeId = await deps.db.transaction(async (tx) => {
    const invoice = await invoiceOfLink(tx, link, true);
    const live = await latestLiveCharge(tx, invoice.id);
    if (live && (live.status === 'pending' || live.status === 'succeeded')) return live.id;
    assertPayable(invoice, body.method);
    const rule = await findFeeRule(tx, invoice.org_id, method.charge_type === 'card' ? 'invoice_card' : 'invoice_ach');
    const [charge] = await tx
      .insert(charges)
      .values({
        id: newId(),
        org_id: invoice.org_id,
        invoice_id: invoice.id,
        charge_type: method.charge_type,
        amount: invoice.amount,
        fee: Math.min(invoice.amount, computeFee(invoice.amount, rule)),
        method_label: method.label,
        created_at: await sandboxNow(tx),
      })
      .returning();
    const request: ChargeCallRequest = { charge_id: charge!.id, invoice_id: invoice.id, amount: invoice.amount, ...method.request };
    const operation = method.charge_type === 'card' ? CHARGE_CARD : CHARGE_ACH;
    callIds.push(
      await recordProviderCall(tx, {
        org_id: invoice.org_id,
        provider: paymentsInProvider(deps).name,
        operation,
        idempotency_key: `${operation}:${charge!.id}`,
        subject_id: charge!.id,
        request,
      }),
    );
    return charge!.id;
  });
  await runProviderCallsSoon(deps, callIds);
  const [charge] = await deps.db.select().from(charges).where(eq(charges.id, chargeId));
  return { status: charge!.status, charge_type: charge!.charge_type, amount: charge!.amount };
}
