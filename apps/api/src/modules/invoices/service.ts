import { and, eq, inArray } from 'drizzle-orm';
import {
  INVOICE_CURRENCIES,
  invoiceMessages,
  isInvoiceCurrency,
  type CreateInvoiceBody,
  type InvoiceRecord,
  type UpdateInvoiceBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { columnsToSet } from '../../db/update-columns.ts';
import {
  campaigns,
  charges,
  customers,
  invoiceAttachments,
  invoiceFundedPayments,
  invoices,
  orgs,
  payments,
  type Customer,
  type EmailAttachment,
  type Invoice,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { findCustomerRow } from '../customers/index.ts';
import { queueEmails, sendQueuedEmails } from '../email/index.ts';
import { createExpiringLink } from '../links/index.ts';
import { queueSms, sendQueuedSms } from '../sms/index.ts';
import { findFinancialAccount } from '../treasury/index.ts';
import { inUnit, publishDomainEvent } from '../../events/dispatcher.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { invoiceAttachmentForEmail } from './attachments.ts';
import { invoiceEmails, invoiceSms } from './messages.ts';
import { invoicePdfOf, pdfAttachment } from './invoice-document.ts';
import { nextInvoiceNumber } from './numbering.ts';
import { findInvoiceRow, getInvoice } from './queries.ts';

type Actor = { org_id: string; user_id: string };

/** The recipient: the organisation's customer by id, the existing customer of that email, or a new customer. */
async function resolveCustomer(tx: Tx, orgId: string, body: CreateInvoiceBody): Promise<Customer> {
  if (body.customer_id) return findCustomerRow(tx, { org_id: orgId, id: body.customer_id, field: 'customer_id' });
  const email = body.email!;
  await tx
    .insert(customers)
    .values({ id: newId(), org_id: orgId, name: body.name!, email, attn: body.attn, cc_emails: body.cc_emails })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.org_id, orgId), eq(customers.email, email)));
  return row!;
}

async function assertCampaign(tx: Tx, orgId: string, id: string | null): Promise<void> {
  if (!id) return;
  const [row] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.org_id, orgId), eq(campaigns.id, id)));
  if (!row) throw new AppError('not_found', 'Campaign not found', { field: 'payment_group_id' });
}

async function assertAttachment(tx: Tx, orgId: string, id: string | null): Promise<void> {
  if (!id) return;
  const [row] = await tx
    .select({ id: invoiceAttachments.id })
    .from(invoiceAttachments)
    .where(and(eq(invoiceAttachments.org_id, orgId), eq(invoiceAttachments.id, id)));
  if (!row) throw new AppError('not_found', 'Attachment not found', { field: 'attachment' });
}

/** Funded payments must be the organisation's, of the invoice's campaign, and funded by no other invoice. */
async function linkFundedPayments(tx: Tx, invoice: Invoice, paymentIds: string[]): Promise<void> {
  const ids = [...new Set(paymentIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: payments.id, group: payments.payment_group_id })
    .from(payments)
    .where(and(eq(payments.org_id, invoice.org_id), inArray(payments.id, ids)));
  if (rows.length !== ids.length || rows.some((row) => !invoice.payment_group_id || row.group !== invoice.payment_group_id))
    throw new AppError('validation_error', invoiceMessages.fundedPayment, { field: 'funded_payments' });
  const linked = await tx
    .insert(invoiceFundedPayments)
    .values(ids.map((payment_id) => ({ invoice_id: invoice.id, payment_id, org_id: invoice.org_id })))
    .onConflictDoNothing()
    .returning();
  if (linked.length !== ids.length)
    throw new AppError('conflict', 'A payment is already funded by another invoice', { field: 'funded_payments' });
}

/**
 * The pay methods the page does not offer. A bank debit (ACH, us_bank_account) is in USD only:
 * an invoice in another currency is paid by card (docs/decisions.md).
 */
function disallowedMethodsOf(body: CreateInvoiceBody): CreateInvoiceBody['disallowed_methods'] {
  if (body.processor !== 'stripe') return [];
  return [...new Set([...body.disallowed_methods, ...(body.currency === 'usd' ? [] : (['bank'] as const))])];
}

async function hasPendingCharge(tx: Tx, invoiceIds: string[]): Promise<boolean> {
  const [pending] = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(and(inArray(charges.invoice_id, invoiceIds), eq(charges.status, 'pending')))
    .limit(1);
  return Boolean(pending);
}

async function orgName(tx: Tx, orgId: string): Promise<string> {
  const [org] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, orgId));
  return org?.name ?? '';
}

/** A fresh pay link emailed to the recipient and each CC (links are kept hashed, so each sending makes one). */
export async function emailPayLink(
  deps: AppDeps,
  tx: Tx,
  invoice: Invoice,
  customer: Customer,
  options: { reminder?: boolean; attachment?: EmailAttachment | null } = {},
): Promise<string[]> {
  const to = [...new Set([customer.email, ...invoice.cc_emails].filter((email): email is string => Boolean(email)))];
  if (to.length === 0) return [];
  const linkId = await createExpiringLink(tx, { type: 'invoice_payment', org_id: invoice.org_id, payload: { invoice_id: invoice.id } });
  const messages = invoiceEmails({
    publicUrl: deps.config.publicUrl,
    orgName: await orgName(tx, invoice.org_id),
    invoice,
    linkId,
    hasAttachment: Boolean(invoice.attachment_id),
    attachment: options.attachment ?? null,
    // The invoice document rides with its first sending; a reminder links to the pay page, which has it.
    document: options.reminder ? null : pdfAttachment(await invoicePdfOf(tx, { org_id: invoice.org_id, invoice_id: invoice.id })),
    to,
    // A reminder counts the days to or past the due date from the sandbox day it is sent.
    reminder: options.reminder ? { today: (await sandboxNow(tx)).toISOString().slice(0, 10) } : undefined,
  });
  return queueEmails(tx, messages);
}

/** POST /v1/invoices: saves the invoice (and a new customer for a new email), emails the pay link, tells the organisation. */
export async function createInvoice(deps: AppDeps, actor: Actor, body: CreateInvoiceBody): Promise<InvoiceRecord> {
  let emailIds: string[] = [];
  const attachment = await invoiceAttachmentForEmail(
    { db: deps.db, storage: fileStorage(deps) },
    { org_id: actor.org_id, attachment_id: body.attachment },
  );
  const id = await inUnit(deps, async (unit) => {
    const { tx } = unit;
    await findFinancialAccount(tx, actor.org_id).catch(() => {
      throw new AppError('bad_request', invoiceMessages.noTreasury);
    });
    const customer = await resolveCustomer(tx, actor.org_id, body);
    await assertCampaign(tx, actor.org_id, body.payment_group_id);
    await assertAttachment(tx, actor.org_id, body.attachment);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        id: newId(),
        org_id: actor.org_id,
        ...(await nextInvoiceNumber(tx, actor.org_id)),
        customer_id: customer.id,
        payment_group_id: body.payment_group_id,
        title: body.title,
        description: body.description,
        amount: body.amount,
        currency: body.currency,
        net: body.net,
        processor: body.processor,
        disallowed_methods: disallowedMethodsOf(body),
        attn: body.attn ?? customer.attn,
        cc_emails: body.cc_emails.length ? body.cc_emails : customer.cc_emails,
        attachment_id: body.attachment,
        created_by: actor.user_id,
        created_at: await sandboxNow(tx),
      })
      .returning();
    await linkFundedPayments(tx, invoice!, body.funded_payments);
    emailIds = await emailPayLink(deps, tx, invoice!, customer, { attachment });
    await publishDomainEvent(unit, {
      org_id: actor.org_id,
      type: 'invoice.sent',
      data: {
        invoice_id: invoice!.id,
        amount: invoice!.amount,
        currency: invoice!.currency,
        customer_name: customer.name,
        title: invoice!.title,
      },
    });
    return invoice!.id;
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  return getInvoice(deps.db, { org_id: actor.org_id, id });
}

/** PUT /v1/invoices/{id}: not once paid; status moves only for offline invoices (Mark as paid / unpaid). */
export async function updateInvoice(deps: AppDeps, actor: Actor, id: string, body: UpdateInvoiceBody): Promise<InvoiceRecord> {
  await inUnit(deps, async (unit) => {
    const { tx } = unit;
    const invoice = await findInvoiceRow(tx, { org_id: actor.org_id, id, forUpdate: true });
    if (invoice.status === 'canceled') throw new AppError('conflict', invoiceMessages.canceled);
    const statusChange = body.status !== undefined && body.status !== invoice.status;
    if (statusChange && invoice.processor !== 'offline') throw new AppError('conflict', invoiceMessages.onlyOffline, { field: 'status' });
    const editsFields = ['title', 'description', 'amount', 'net', 'payment_group_id'].some(
      (key) => body[key as keyof UpdateInvoiceBody] !== undefined,
    );
    if (invoice.status === 'succeeded' && editsFields) throw new AppError('conflict', invoiceMessages.paidNotEditable);
    if (body.amount !== undefined && isInvoiceCurrency(invoice.currency) && body.amount < INVOICE_CURRENCIES[invoice.currency].minimum)
      throw new AppError('validation_error', invoiceMessages.currencyMinimum, { field: 'amount' });
    // The pending charge was made for the invoice as it was; it must settle or fail before the invoice changes.
    if ((editsFields || statusChange) && (await hasPendingCharge(tx, [invoice.id])))
      throw new AppError('conflict', invoiceMessages.paymentUnderway);
    if (body.payment_group_id !== undefined) await assertCampaign(tx, actor.org_id, body.payment_group_id);
    // Funded payments belong to the invoice's campaign: another campaign (or none) leaves them unfunded.
    if (body.payment_group_id !== undefined && body.payment_group_id !== invoice.payment_group_id)
      await tx.delete(invoiceFundedPayments).where(eq(invoiceFundedPayments.invoice_id, invoice.id));
    const now = await sandboxNow(tx);
    const changes = columnsToSet({
      title: body.title,
      description: body.description,
      amount: body.amount,
      net: body.net,
      payment_group_id: body.payment_group_id,
      ...(statusChange ? { status: body.status, paid_at: body.status === 'succeeded' ? now : null } : {}),
    });
    if (changes) await tx.update(invoices).set(changes).where(eq(invoices.id, invoice.id));
    if (statusChange && body.status === 'succeeded')
      await publishDomainEvent(unit, {
        org_id: actor.org_id,
        type: 'invoice.paid',
        data: { invoice_id: invoice.id, amount: body.amount ?? invoice.amount, processor: 'offline' },
      });
  });
  return getInvoice(deps.db, { org_id: actor.org_id, id });
}

/**
 * POST /v1/invoices/{id}/cancel and Cancel selected: only open invoices, and none with a payment
 * under way. `audit` records, in the same transaction, who canceled each one (Cancel selected: its
 * route has no single target for the request's own audit row).
 */
export async function cancelInvoices(
  deps: AppDeps,
  actor: Actor,
  ids: string[],
  audit?: (tx: Tx, ids: string[]) => Promise<void>,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.org_id, actor.org_id), inArray(invoices.id, ids)))
      .orderBy(invoices.id)
      .for('update');
    if (rows.length !== new Set(ids).size) throw new AppError('not_found', invoiceMessages.notFound);
    if (rows.some((row) => row.status !== 'requires_info')) throw new AppError('conflict', invoiceMessages.cancelFailed);
    // A payment under way (an ACH debit not yet settled) must settle or fail first.
    if (await hasPendingCharge(tx, ids)) throw new AppError('conflict', invoiceMessages.cancelFailed);
    const now = await sandboxNow(tx);
    await tx
      .update(invoices)
      .set({ status: 'canceled', canceled_at: now })
      .where(and(eq(invoices.org_id, actor.org_id), inArray(invoices.id, ids)));
    // A canceled invoice funds nothing: its payments may be funded by the invoice that replaces it.
    await tx
      .delete(invoiceFundedPayments)
      .where(and(eq(invoiceFundedPayments.org_id, actor.org_id), inArray(invoiceFundedPayments.invoice_id, ids)));
    await audit?.(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
}

/** POST /v1/invoices/reminders: a new pay link by email, or a text to customers with a phone number. */
export async function sendInvoiceReminders(
  deps: AppDeps,
  actor: Actor,
  options: { ids: string[]; channel: 'sms' | 'email' },
): Promise<number> {
  let emailIds: string[] = [];
  const smsIds: string[] = [];
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ invoice: invoices, customer: customers })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customer_id))
      .where(and(eq(invoices.org_id, actor.org_id), inArray(invoices.id, options.ids), eq(invoices.status, 'requires_info')));
    if (rows.length === 0) throw new AppError('conflict', 'None of these invoices is open');
    if (options.channel === 'email') {
      for (const row of rows) emailIds = emailIds.concat(await emailPayLink(deps, tx, row.invoice, row.customer, { reminder: true }));
      return;
    }
    const reachable = rows.filter((row) => row.customer.phone_number);
    if (reachable.length === 0) throw new AppError('bad_request', invoiceMessages.noPhone);
    const name = await orgName(tx, actor.org_id);
    for (const { invoice, customer } of reachable) {
      const linkId = await createExpiringLink(tx, { type: 'invoice_payment', org_id: invoice.org_id, payload: { invoice_id: invoice.id } });
      smsIds.push(
        await queueSms(deps, tx, {
          org_id: invoice.org_id,
          to: customer.phone_number!,
          body: invoiceSms({ publicUrl: deps.config.publicUrl, orgName: name, invoice, linkId }),
        }),
      );
    }
  });
  await sendQueuedEmails(deps.jobs, emailIds);
  await sendQueuedSms(deps, smsIds);
  return emailIds.length + smsIds.length;
}
