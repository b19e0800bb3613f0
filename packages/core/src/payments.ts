import { z } from 'zod';
import { dobSchema, einSchema, ssnSchema, stateSchema, usPhoneSchema, zipSchema } from './activation.ts';
import { hasAtMostTwoDecimals, paymentRowMessages, recipientRoles } from './payment-math.ts';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { filterCents, filterDay, listSearch } from './list-filters.ts';
import { text } from './text.ts';
import { centsSchema, messages, requiredText } from './validation.ts';
import { routingNumberSchema } from './wallets.ts';
import { paymentStatuses } from './payments-labels.ts';
import { waitingPayment } from './payment-releases.ts';
import { executionOutcomes } from './payment-execution.ts';

export * from './payments-labels.ts';

const cents = centsSchema({ min: 0 });
const uuid = z.uuid();
/** A payment split: a percentage from 0 to 100 with at most 2 decimals (the column's precision). */
export const paymentSplitSchema = z
  .number({ error: paymentRowMessages.split })
  .min(0, paymentRowMessages.split)
  .max(100, paymentRowMessages.split)
  .refine(hasAtMostTwoDecimals, paymentRowMessages.splitDecimals);
const memo = text().max(1000, 'Memo must be at most 1000 characters');
/** The currency earnings are entered in: USD, or the payee's currency abroad (earnings then in its minor units). */
const enteredCurrency = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "Amount currency must be USD or the payee's currency");
const amountCurrency = enteredCurrency.default('USD');

export const paymentRecord = z.object({
  id: z.string(),
  payment_group_id: z.string().nullable(),
  org_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  recipient: z.string(),
  recipient_role: z.enum(recipientRoles),
  recipient_name: z.string(),
  recipient_email: z.string().nullable(),
  status: z.enum(paymentStatuses),
  memo: z.string(),
  amount: z.number().int(),
  earnings: z.number().int(),
  split: z.number(),
  state_withholdings: z.number().int(),
  federal_withholdings: z.number().int(),
  fee: z.number().int(),
  /** USD, or the payee's currency abroad: then currency_amount is what they receive (minor units) and amount the quote's USD estimate until executed. */
  amount_currency: z.string(),
  currency_amount: z.number().int().nullable(),
  method: z.string().nullable(),
  date_initiated: z.string().nullable(),
  date_posted: z.string().nullable(),
  date_failed: z.string().nullable(),
  date_returned: z.string().nullable(),
  date_info_requested: z.string().nullable(),
  last_updated: z.string(),
  stripe_reference_id: z.string().nullable(),
  fee_reference_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  managed_creator_id: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

export const paymentsListQuery = z.object({
  tab: text().max(40).optional(),
  payment_group_id: uuid.optional(),
  recipient: uuid.optional(),
  /** Created on or after this day, and on or before created_to (UTC days). */
  created_from: filterDay,
  created_to: filterDay,
  /** The payment's amount in cents, at least amount_min and at most amount_max. */
  amount_min: filterCents,
  amount_max: filterCents,
  /** Matches the recipient's name or email, the memo, or the payment's reference (the start of its id, dashes or not). */
  search: listSearch,
  page: pageNumber(),
  page_size: pageSize(50),
  starting_after: startingAfter,
});
export const paymentsPage = z.object({
  data: z.array(paymentRecord),
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type PaymentsPage = z.infer<typeof paymentsPage>;

/** One row as the browser sends it; amounts and withholdings it sends are ignored and recomputed. */
export const paymentRowBody = z.object({
  recipient: z.uuid({ error: paymentRowMessages.unknownRecipient }).nullable().default(null),
  recipient_role: z.enum(recipientRoles).default('creator'),
  earnings: cents.nullable().default(null),
  split: paymentSplitSchema.nullable().default(null),
  memo: memo.default(''),
  payment_group_id: uuid.nullable().default(null),
  amount_currency: amountCurrency,
  amount: z.number().optional(),
  state_withholdings: z.number().optional(),
  federal_withholdings: z.number().optional(),
});
export const createPaymentsBody = z.array(paymentRowBody).max(10_000);
export type CreatePaymentsBody = z.infer<typeof createPaymentsBody>;
export const createPaymentsAnswer = z.object({ data: z.array(paymentRecord) });

export const updatePaymentBody = z.object({
  id: uuid,
  earnings: cents.nullable().default(null),
  split: paymentSplitSchema.nullable().default(null),
  memo: memo.default(''),
  // Left out, the payment keeps the currency it was entered in (a client sending back a record's earnings keeps its pounds).
  amount_currency: enteredCurrency.optional(),
});
export const idsBody = z.object({ ids: z.array(uuid).min(1).max(10_000) });
/** A list's filter (its tab, campaign, recipient, dates and amounts): "Select all N matching" sends it instead of ids. */
export const paymentsFilter = paymentsListQuery.pick({
  tab: true,
  payment_group_id: true,
  recipient: true,
  created_from: true,
  created_to: true,
  amount_min: true,
  amount_max: true,
  search: true,
});
export type PaymentsFilter = z.infer<typeof paymentsFilter>;
export const initiatePaymentsBody = z.object({
  ids: z.array(uuid).max(10_000).default([]),
  payment_group_id: uuid.nullable().optional(),
  /** Every draft the filter matches, resolved by the server under its locks (with no ids). */
  filter: paymentsFilter.optional(),
  /** The payout quotes the owner confirmed (payments abroad): locked on Execute, or refused as expired and quoted again. */
  quote_ids: z.array(text().max(100)).max(10_000).optional(),
});
export type InitiatePaymentsBody = z.infer<typeof initiatePaymentsBody>;
export const initiateAnswer = z.object({
  processing: z.number().int(),
  requires_info: z.number().int(),
  /** Held, waiting for an owner's or admin's approval (Settings > Approvals): nothing sent yet. */
  awaiting_approval: z.number().int(),
  held: z.number().int(),
  message: z.string(),
  /** The execution's batch (GET /v1/payments/batches/:id shows its progress); null when nothing was executed. */
  batch_id: z.string().nullable(),
  /** Drafts left alone because they wait for a release condition (payment-releases.ts), each with its reason; absent when none waits. */
  waiting: z.array(waitingPayment).optional(),
  /** What happened to each selected draft, counted and summed per outcome (the same figures the preview gave). */
  outcomes: executionOutcomes,
});
/** A batch's payouts as they run: sent to the rail (or posted), waiting for payout details, failed, not sent yet. */
export const paymentBatchProgress = z.object({
  batch_id: z.string(),
  total: z.number().int(),
  executed: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
  remaining: z.number().int(),
  is_done: z.boolean(),
});
export type PaymentBatchProgress = z.infer<typeof paymentBatchProgress>;
/** What Execute Payments would do: the confirmation dialog's figures. */
export const initiatePreview = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  fees: z.number().int(),
  requires_info: z.number().int(),
  /** Drafts that would be skipped: they wait for their invoice, contract or deliverable, each with its reason. */
  waiting: z.array(waitingPayment).optional(),
  /** What Execute would do with each selected draft, counted and summed per outcome (it answers the same). */
  outcomes: executionOutcomes,
  /** The payments backup withholding applies to (payees without a W-9): how many, the tax kept back, what their payees receive. */
  backup_withholding: z
    .object({ rate: z.number(), count: z.number().int(), withheld: z.number().int(), receives: z.number().int() })
    .optional(),
});
export type InitiatePreview = z.infer<typeof initiatePreview>;
export type InitiateAnswer = z.infer<typeof initiateAnswer>;

export const paymentTotalsAnswer = z.object({
  pending: z.number().int(),
  completed: z.number().int(),
  /**
   * The part of pending that is the USD estimate of payments entered in another currency (isUsdEstimate:
   * Nium has not taken their dollars yet); 0 when pending holds no estimate.
   */
  pending_estimated: z.number().int(),
});
export type PaymentTotalsAnswer = z.infer<typeof paymentTotalsAnswer>;

/** GET /v1/expiring_link for a payee link. */
export const payeeLinkInfo = z.object({
  type: z.literal('payee'),
  amount: z.number().int(),
  org_name: z.string(),
  rec_first_name: z.string().nullable(),
  rec_last_name: z.string().nullable(),
  rec_business_name: z.string().nullable(),
  is_paypal_enabled: z.boolean(),
  /** The organisation asks for a signed tax form before the payout details (its setting; off by default). */
  requires_tax_form: z.boolean(),
});
export type PayeeLinkInfo = z.infer<typeof payeeLinkInfo>;

const required = requiredText(100);
export const payeeMessages = {
  taxFormRequired: 'Sign your tax form first: this organization asks for it before your payout details',
  accountNumber: messages.required,
  accountDigits: 'Account number must be digits only',
  accountLength: 'Account number must be 4 to 17 digits',
  paypalEmail: messages.paypalEmail,
  venmoPhone: messages.usPhone,
  state: 'This field is required and must be 2 characters',
} as const;

export const payeeAddressSchema = z.object({
  line_1: required,
  line_2: text().trim().max(100, 'Must be at most 100 characters').optional().default(''),
  city: required,
  state: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), stateSchema),
  zip: zipSchema,
});

export const payeeMethodSchema = z.discriminatedUnion('selected_payment_method', [
  z.object({
    selected_payment_method: z.literal('stripe'),
    account_number: text(payeeMessages.accountNumber)
      .trim()
      .min(1, payeeMessages.accountNumber)
      .regex(/^\d+$/, payeeMessages.accountDigits)
      .regex(/^\d{4,17}$/, payeeMessages.accountLength),
    routing_number: routingNumberSchema,
  }),
  z.object({
    selected_payment_method: z.literal('paypal'),
    paypal_email: text(messages.paypalEmail)
      .trim()
      .pipe(z.email({ error: messages.paypalEmail })),
  }),
  z.object({ selected_payment_method: z.literal('venmo'), venmo_phone_number: usPhoneSchema }),
]);

/** The spec's legal entity types: an individual, or one of the business forms. */
export const businessEntityTypes = ['c_corp', 's_corp', 'partnership', 'trust', 'llc_c_corp', 'llc_s_corp', 'llc_partnership'] as const;
export type BusinessEntityType = (typeof businessEntityTypes)[number];
export const legalEntityTypes = ['individual', ...businessEntityTypes] as const;
export type LegalEntityType = (typeof legalEntityTypes)[number];
export const legalEntityTypeLabels: Record<LegalEntityType, string> = {
  individual: 'Individual',
  c_corp: 'C corporation',
  s_corp: 'S corporation',
  partnership: 'Partnership',
  trust: 'Trust',
  llc_c_corp: 'LLC taxed as a C corporation',
  llc_s_corp: 'LLC taxed as an S corporation',
  llc_partnership: 'LLC taxed as a partnership',
};

export const payeeTaxSchema = z.discriminatedUnion('entity_type', [
  z.object({
    entity_type: z.literal('individual'),
    tax_id: ssnSchema,
    first_name: required,
    last_name: required,
    date_of_birth: dobSchema,
  }),
  z.object({ entity_type: z.enum(businessEntityTypes, { error: messages.required }), tax_id: einSchema, business_name: required }),
]);

/** The payee's submission (document 001, Payee submission), validated with section 5's messages. */
export const payeeSubmissionBody = z.intersection(
  z.intersection(payeeMethodSchema, payeeTaxSchema),
  z.object({ address: payeeAddressSchema, linkId: text().max(200).optional() }),
);
export type PayeeSubmissionBody = z.infer<typeof payeeSubmissionBody>;
export const payeeSubmissionAnswer = z.object({
  amount: z.number().int(),
  org_name: z.string(),
  selected_payment_method: z.enum(['stripe', 'paypal', 'venmo', 'nium']),
});
