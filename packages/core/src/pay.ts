import { z } from 'zod';
import { chargeNextActions } from './charges.ts';
import { NUL_MESSAGE, withoutNul } from './customers.ts';
import { chargeStatuses, chargeTypes, invoiceMessages, invoicePayMethods, invoiceProcessors, invoiceStatuses } from './invoices.ts';

/**
 * The public pay page's contract (GET and POST /v1/expiring_link?id= of an invoice): what the
 * payer sees of the invoice and of their latest payment attempt, and what they pay with.
 */

/** Spec entity Invoice link (public): only what the payer must see. */
export const invoiceLinkInfo = z.object({
  type: z.literal('invoice_payment'),
  id: z.uuid(),
  number: z.string(),
  amount: z.number().int(),
  /** The invoice's currency (lower case ISO 4217): amount is in its minor units. */
  currency: z.string(),
  org_name: z.string(),
  title: z.string(),
  description: z.string(),
  disallowed_methods: z.array(z.enum(invoicePayMethods)),
  status: z.enum(invoiceStatuses),
  /** offline: the organisation collects outside the payment provider, so the page shows the invoice and no form. */
  processor: z.enum(invoiceProcessors),
  /** Whether the invoice has a PDF, downloadable through the same link. */
  has_attachment: z.boolean(),
  org_address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  recipient: z.object({ name: z.string(), email: z.string() }),
  created_at: z.string(),
  net: z.number().int(),
  /** The latest payment attempt, so a second tab sees that it is already paid, under way, waiting for the payer, or declined. */
  payment: payAnswerShape().nullable(),
  /** Stripe.js works on the organisation's own account (direct charges): its id, outside the sandbox. */
  stripe_account: z.string().nullable(),
});
export type InvoiceLinkInfo = z.infer<typeof invoiceLinkInfo>;

/** POST /v1/expiring_link?id= for an invoice: a card token (never the number) or a linked bank. */
export const payInvoiceBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('card'), payment_method: z.string().regex(/^(tok_[a-z0-9]{8,64}|pm_\w{4,64})$/, invoiceMessages.card) }),
  z.object({
    method: z.literal('bank'),
    // The bank link's session: the sandbox's public token, or the Stripe Financial Connections Session id;
    // and the account the payer linked in it (the sandbox's acc_..., Stripe's fca_...).
    public_token: z.string().regex(/^(public-sandbox-[a-z0-9-]{8,80}|fcsess_\w{4,100})$/, 'Invalid bank link'),
    account_id: z.string().regex(/^[A-Za-z0-9_-]{4,100}$/, 'Invalid bank account'),
    /** The account holder's name, as the ACH debit and its mandate carry it. */
    name: z
      .string()
      .trim()
      .min(2, 'Enter the name on the bank account')
      .max(100, 'Must be at most 100 characters')
      .refine(withoutNul, NUL_MESSAGE),
    /** The payer ticked the debit authorisation shown beside Confirm payment. */
    mandate_accepted: z.literal(true, { error: 'Accept the debit authorisation to pay by bank' }),
  }),
]);
export type PayInvoiceBody = z.infer<typeof payInvoiceBody>;

/** A payment attempt as its payer sees it: pending (maybe waiting for them), succeeded, or failed with its reason. */
function payAnswerShape() {
  return z.object({
    status: z.enum(chargeStatuses),
    charge_type: z.enum(chargeTypes),
    amount: z.number().int(),
    next_action: z.enum(chargeNextActions).nullable(),
    /** Only while the payer must act: Stripe.js's handleNextAction takes it (3-D Secure). */
    client_secret: z.string().nullable(),
    /** Only while a bank typed by hand waits for its micro-deposits: the provider's verification page. */
    verification_url: z.string().nullable(),
    failure_reason: z.string().nullable(),
  });
}
export const payInvoiceAnswer = payAnswerShape();
export type PayInvoiceAnswer = z.infer<typeof payInvoiceAnswer>;
