import { z } from 'zod';
import { ccEmailsSchema, customerNameSchema, NUL_MESSAGE, withoutNul } from './customers.ts';
import { disputeRecord, refundRecord } from './charges.ts';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { amountRangeFields, createdRangeFields, listSearch } from './list-filters.ts';
import { text } from './text.ts';
import { MAX_AMOUNT_CENTS, messages } from './validation.ts';
import { invoiceTabs } from './invoices-labels.ts';
import { INVOICE_CURRENCIES, invoiceCurrencies, isInvoiceCurrency } from './currencies.ts';

export * from './invoices-labels.ts';

export const invoiceStatuses = ['requires_info', 'succeeded', 'canceled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceProcessors = ['stripe', 'offline'] as const;
export const invoicePayMethods = ['card', 'bank'] as const;
export type InvoicePayMethod = (typeof invoicePayMethods)[number];
export const chargeStatuses = ['pending', 'succeeded', 'failed', 'reversed'] as const;
export const chargeTypes = ['card', 'ach'] as const;

/** The invoice minimum (spec section 9 leaves its value unshown): one dollar. */
export const INVOICE_MINIMUM_CENTS = 100;
export const MAX_NET_DAYS = 365;
export const DEFAULT_NET_DAYS = 30;
export const NET_PRESETS = [0, 30, 60, 90, 120] as const;

export const DEFAULT_INVOICE_PREFIX = 'INV-';
export const invoicePrefixMessage = "Use up to 12 letters, digits, '-', '_', '/' or '.'";
/** The organisation's invoice number prefix (Settings): possibly empty, for bare numbers. */
export const invoicePrefixSchema = text(invoicePrefixMessage)
  .trim()
  .max(12, invoicePrefixMessage)
  .regex(/^[A-Za-z0-9_./-]*$/, invoicePrefixMessage);

/** An invoice's number as people read it: the prefix and the sequence, zero-padded to 4 digits (INV-0042). */
export function formatInvoiceNumber(prefix: string, seq: number): string {
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

export const invoiceMessages = {
  amount: 'Invalid amount',
  net: 'Invalid value - Positive number less than or equal to 365',
  recipient: 'A customer, or a name and an email, is required',
  notFound: 'Invoice not found',
  paidNotEditable: 'Paid invoices cannot be edited',
  cancelFailed: 'Failed to invalidate invoice',
  updateFailed: 'Failed to update Payment Group for Invoice',
  canceled: 'Sorry! This invoice has been canceled by the requestor.',
  alreadyPaid: 'This invoice has already been paid',
  noPaymentWaiting: 'No payment is waiting for you: choose how to pay below',
  methodNotAllowed: 'This payment method is not accepted for this invoice',
  offlineNotPayable: 'This invoice is not paid online',
  noTreasury: 'Open a wallet before sending invoices',
  attachment: 'Attachment must be a PDF under 25 MB',
  onlyOffline: 'Only invoices paid offline can be marked as paid or unpaid',
  noPhone: 'No customer of these invoices has a phone number',
  reminders: 'Reminder(s) have been sent!',
  card: 'Your card number is invalid',
  fundedPayment: 'A funded payment must belong to the invoice campaign',
  paymentUnderway: 'A payment of this invoice is under way: wait until it settles or fails',
  plaidToken: 'There was an issue retrieving the plaid link token.',
  currency: `Currency must be one of ${invoiceCurrencies.map((code) => code.toUpperCase()).join(', ')}`,
  currencyMinimum: 'Amount is below the minimum for this currency',
  foreignRefund: 'A payment in another currency than USD cannot be refunded from Crewpay yet: refund it in Stripe',
} as const;

/** The invoice's currency (ISO 4217, lower case as Stripe takes it); USD when not given. */
export const invoiceCurrencySchema = z
  .string({ error: invoiceMessages.currency })
  .trim()
  .toLowerCase()
  .refine(isInvoiceCurrency, invoiceMessages.currency)
  .default('usd');

/** How an offline invoice is paid (its email, text and pay page): the organisation collects it, not the link. */
export const offlinePaymentNote = (orgName: string) => `Payment is arranged with ${orgName} directly: this invoice is not paid online.`;

/** Due date = creation plus net days (ISO date). */
export function dueDateOf(createdAt: Date | string, net: number): string {
  const created = new Date(createdAt);
  return new Date(created.getTime() + net * 86_400_000).toISOString().slice(0, 10);
}

const requiredText = (max: number) =>
  text(messages.required).trim().min(1, messages.required).max(max, `Must be at most ${max} characters`).refine(withoutNul, NUL_MESSAGE);
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(withoutNul, NUL_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));

export const invoiceAmountSchema = z
  .number({ error: invoiceMessages.amount })
  .int(invoiceMessages.amount)
  .min(INVOICE_MINIMUM_CENTS, invoiceMessages.amount)
  .max(MAX_AMOUNT_CENTS, invoiceMessages.amount);
export const netSchema = z
  .number({ error: invoiceMessages.net })
  .int(invoiceMessages.net)
  .min(0, invoiceMessages.net)
  .max(MAX_NET_DAYS, invoiceMessages.net);
const uuidOrNull = z
  .uuid('Must be a valid id')
  .nullish()
  .transform((value) => value ?? null);

/** POST /v1/invoices (Invoice request): customer_id, or email and name (a new customer). */
export const createInvoiceBody = z
  .object({
    customer_id: uuidOrNull,
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, messages.email)
      .nullish()
      .refine((value) => !value || z.email().safeParse(value).success, messages.email)
      .transform((value) => value || null),
    name: customerNameSchema.nullish(),
    attn: optionalText(200),
    cc_emails: ccEmailsSchema,
    payment_group_id: uuidOrNull,
    title: requiredText(200),
    description: requiredText(2000),
    amount: invoiceAmountSchema,
    net: netSchema.default(DEFAULT_NET_DAYS),
    processor: z.enum(invoiceProcessors).default('stripe'),
    disallowed_methods: z.array(z.enum(invoicePayMethods)).max(2).default([]),
    attachment: uuidOrNull,
    funded_payments: z.array(z.uuid('Must be a valid id')).max(500).default([]),
    currency: invoiceCurrencySchema,
  })
  .refine((body) => body.customer_id || (body.email && body.name), { message: invoiceMessages.recipient, path: ['email'] })
  .refine((body) => !isInvoiceCurrency(body.currency) || body.amount >= INVOICE_CURRENCIES[body.currency].minimum, {
    message: invoiceMessages.currencyMinimum,
    path: ['amount'],
  });
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;

/** PUT /v1/invoices/{id}: the fields sent change. */
export const updateInvoiceBody = z.object({
  title: requiredText(200).optional(),
  description: requiredText(2000).optional(),
  amount: invoiceAmountSchema.optional(),
  net: netSchema.optional(),
  status: z.enum(['requires_info', 'succeeded']).optional(),
  payment_group_id: uuidOrNull.optional(),
});
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBody>;

export const invoiceIdsBody = z.object({ ids: z.array(z.uuid('Must be a valid id')).min(1).max(500) });
export const invoiceRemindersBody = invoiceIdsBody.extend({ channel: z.enum(['sms', 'email']) });

export const invoiceListQuery = z.object({
  tab: z.enum(invoiceTabs).default('open'),
  customer_id: z.uuid('Must be a valid id').optional(),
  payment_group_id: z.uuid('Must be a valid id').optional(),
  /** The invoice that funds this payment (the payment page's link back). */
  funded_payment_id: z.uuid('Must be a valid id').optional(),
  ...createdRangeFields,
  ...amountRangeFields,
  /** The invoice's number or title, or its customer's name or email. */
  search: listSearch,
  page: pageNumber(),
  page_size: pageSize(25, 500),
  starting_after: startingAfter,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
/** GET /v1/invoices/export: the list's filters without its paging (every matching row), all tabs unless named. */
export const invoiceExportQuery = invoiceListQuery
  .omit({ page: true, page_size: true, starting_after: true })
  .extend({ tab: z.enum(invoiceTabs).default('all') });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuery>;

/** GET /v1/portal/invoices: the customer user's own invoices, newest first, by page or cursor. */
export const portalInvoiceQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  starting_after: startingAfter,
});
export type PortalInvoiceQuery = z.infer<typeof portalInvoiceQuery>;

/** Spec entity Invoice; the list row adds due_date and customer. */
export const invoiceRecord = z.object({
  id: z.uuid(),
  /** The organisation's sequential invoice number with its prefix (INV-0042). */
  number: z.string(),
  title: z.string(),
  description: z.string(),
  amount: z.number().int(),
  /** The currency the invoice is billed in (lower case ISO 4217); amount is in its minor units. */
  currency: z.string(),
  net: z.number().int(),
  status: z.enum(invoiceStatuses),
  processor: z.enum(invoiceProcessors),
  disallowed_methods: z.array(z.enum(invoicePayMethods)),
  customer_id: z.uuid(),
  payment_group_id: z.uuid().nullable(),
  payment_group_title: z.string().nullable(),
  created_at: z.string(),
  org_id: z.uuid(),
  attachment: z.uuid().nullable(),
  attachment_name: z.string().nullable(),
  funded_payments: z.array(z.uuid()),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_has_phone: z.boolean(),
  attn: z.string().nullable(),
  cc_emails: z.array(z.string()),
  due_date: z.string(),
  paid_at: z.string().nullable(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;

/** What every keyset-paged invoice list answers beside its rows. */
const pagingFields = {
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
};
export const invoicePage = z.object({ invoices: z.array(invoiceRecord), ...pagingFields });
export type InvoicePage = z.infer<typeof invoicePage>;

/** A row of the portal's invoices list (a customer user's own invoices). */
export const portalInvoice = z.object({
  id: z.uuid(),
  number: z.string(),
  title: z.string(),
  // In the invoice's currency's minor units (`currency`: usd, eur, jpy, ...).
  amount: z.number().int(),
  currency: z.string(),
  net: z.number().int(),
  due_date: z.string(),
  status: z.enum(invoiceStatuses),
  payment_group_id: z.uuid().nullable(),
  payment_group_title: z.string().nullable(),
  is_payable: z.boolean(),
});
export type PortalInvoice = z.infer<typeof portalInvoice>;
export const portalInvoicePage = z.object({ data: z.array(portalInvoice), ...pagingFields });
export type PortalInvoicePage = z.infer<typeof portalInvoicePage>;

/** Spec entity Charge: each payment attempt. */
export const chargeRecord = z.object({
  id: z.uuid(),
  invoice_id: z.uuid(),
  created_at: z.string(),
  charge_type: z.enum(chargeTypes),
  amount: z.number().int(),
  fee: z.number().int(),
  /** The invoice's currency: amount and fee are in its minor units. */
  currency: z.string(),
  /** A charge in another currency once settled: the USD cents Stripe settled and its rate (USD for one unit); null otherwise. */
  settled_usd: z.number().int().nullable(),
  exchange_rate: z.string().nullable(),
  status: z.enum(chargeStatuses),
  method_label: z.string(),
  failure_reason: z.string().nullable(),
  /** What is left to refund (amount less refunds not failed); 0 while disputed or unpaid. */
  refundable: z.number().int(),
  refunds: z.array(refundRecord),
  dispute: disputeRecord.nullable(),
});
export type ChargeRecord = z.infer<typeof chargeRecord>;
export const chargesByInvoice = z.record(z.string(), z.array(chargeRecord));

/** Card fields on the pay page (spec section 5: Luhn number, MM/YY in the future, CVC 0-9999). */
export function isLuhnValid(number: string): boolean {
  const digits = number.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "1" -> "1", "13" -> "12", "0526" -> "05/26": the expiration as typed, month clamped to 01-12. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 2) return digits;
  const month = Math.min(12, Math.max(1, Number(digits.slice(0, 2))));
  const mm = String(month).padStart(2, '0');
  return digits.length === 2 ? mm : `${mm}/${digits.slice(2)}`;
}

export function isExpiryInFuture(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
}

export const isValidCvc = (cvc: string) => /^\d{1,4}$/.test(cvc) && Number(cvc) <= 9999;

/** The sandbox card tokeniser's request (what Stripe.js sends to Stripe, never to us). */
export const cardTokenBody = z.object({
  number: z.string().trim().refine(isLuhnValid, invoiceMessages.card),
  exp: z.string().refine((value) => isExpiryInFuture(value), 'Your card has expired'),
  cvc: z.string().refine(isValidCvc, 'Invalid CVC'),
});
export const cardToken = z.object({ id: z.string(), brand: z.string(), last4: z.string() });
