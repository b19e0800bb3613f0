import { z } from 'zod';
import { emailSchema, messages } from './validation.ts';
import { hasNul, text, textMessages } from './text.ts';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { createdRangeFields } from './list-filters.ts';

export const customerMessages = {
  ccEmails: 'CC emails must be valid emails separated by commas',
  phone: 'Must be a valid phone number',
  state: 'Must be 2 letters',
  zip: 'Must be 5 digits',
  duplicate: 'A customer with this email already exists',
  notFound: 'Customer not found',
  added: 'Customer has been added!',
  updated: 'Customer has been updated!',
} as const;

/** PostgreSQL text cannot hold NUL characters: refused with the one message every text field uses. */
export const NUL_MESSAGE = textMessages.nul;
export const withoutNul = (value: string) => !hasNul(value);

/** "a@b.com, c@d.com" as the form's single field holds it, split into trimmed, non-empty parts. */
export function splitCcEmails(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const isEmail = (value: string) => z.email().safeParse(value).success;
export const isValidCcEmailList = (text: string) => splitCcEmails(text).every(isEmail);

/** cc_emails arrive as an array (the spec's payload) or as the form's comma separated text; each must be an email. */
export const ccEmailsSchema = z.preprocess(
  (value) => (value === null || value === undefined ? [] : typeof value === 'string' ? splitCcEmails(value) : value),
  z
    .array(z.string({ error: customerMessages.ccEmails }).trim().max(254, customerMessages.ccEmails), { error: customerMessages.ccEmails })
    .max(50, 'At most 50 CC emails')
    .refine((list) => list.every(isEmail), { message: customerMessages.ccEmails })
    .transform((list) => list.map((email) => email.toLowerCase())),
);

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalText = (max: number) =>
  z
    .preprocess(
      blankToNull,
      text().trim().max(max, `Must be at most ${max} characters`).refine(withoutNul, NUL_MESSAGE).nullable().optional(),
    )
    .transform((value) => value ?? null);
const phoneSchema = z
  .preprocess(
    blankToNull,
    z
      .string({ error: customerMessages.phone })
      .trim()
      .regex(/^\+?[\d\s().-]{7,25}$/, customerMessages.phone)
      .nullable()
      .optional(),
  )
  .transform((value) => value ?? null);
export const customerNameSchema = text(messages.required)
  .trim()
  .min(1, messages.required)
  .max(200, 'Must be at most 200 characters')
  .refine(withoutNul, NUL_MESSAGE);

/** The spec's Quickbooks reference (set by the accounting issue; kept as given). */
export const qbCustomer = z.object({
  Id: z.string().max(100).refine(withoutNul, NUL_MESSAGE),
  DisplayName: z.string().max(500).refine(withoutNul, NUL_MESSAGE),
});

/** POST /v1/customers (Add customer): name and email required; attn optional; cc emails each valid. */
export const createCustomerBody = z.object({
  name: customerNameSchema,
  email: emailSchema,
  attn: optionalText(200),
  cc_emails: ccEmailsSchema,
  phone_number: phoneSchema,
});
export type CreateCustomerBody = z.infer<typeof createCustomerBody>;
export type CreateCustomerInput = z.input<typeof createCustomerBody>;

export const customerAddressBody = z.object({
  line_1: optionalText(200),
  line_2: optionalText(200),
  city: optionalText(100),
  state: z
    .preprocess(
      blankToNull,
      z
        .string({ error: customerMessages.state })
        .trim()
        .regex(/^[A-Za-z]{2}$/, customerMessages.state)
        .nullable()
        .optional(),
    )
    .transform((value) => value?.toUpperCase() ?? null),
  zip: z
    .preprocess(
      blankToNull,
      z
        .string({ error: customerMessages.zip })
        .trim()
        .regex(/^\d{5}$/, customerMessages.zip)
        .nullable()
        .optional(),
    )
    .transform((value) => value ?? null),
});
export type CustomerAddressBody = z.infer<typeof customerAddressBody>;

/**
 * PUT /v1/customers/{id} (Customer details): name required; email, if present, valid; each CC
 * email valid or the field empty. The Details card sends its fields, the Address card the
 * address object: a field left out is unchanged.
 */
export const updateCustomerBody = z.object({
  id: z.uuid().optional(),
  name: customerNameSchema.optional(),
  email: z.preprocess(blankToNull, emailSchema.nullable()).optional(),
  attn: optionalText(200).optional(),
  cc_emails: ccEmailsSchema.optional(),
  phone_number: phoneSchema.optional(),
  address: customerAddressBody.optional(),
  qb_customer: qbCustomer.nullable().optional(),
});
export type UpdateCustomerBody = z.infer<typeof updateCustomerBody>;
export type UpdateCustomerInput = z.input<typeof updateCustomerBody>;

/** The spec's Customer entity. */
export const customerRecord = z.object({
  id: z.string(),
  org_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  attn: z.string().nullable(),
  cc_emails: z.array(z.string()),
  phone_number: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_zip: z.string().nullable(),
  qb_customer: qbCustomer.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

/** A row of /customers: Invoice Volume is the sum of succeeded invoices (cents), Number of Invoices their count. */
export const customerListItem = customerRecord.extend({ invoice_volume: z.number().int(), invoice_count: z.number().int() });
export type CustomerListItem = z.infer<typeof customerListItem>;

export const listCustomersQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(50),
  starting_after: startingAfter,
  /** Matches the name or the email, case-insensitively. */
  search: z.string().trim().max(200).refine(withoutNul, NUL_MESSAGE).optional(),
  ...createdRangeFields,
});
export type ListCustomersQuery = z.input<typeof listCustomersQuery>;
/** GET /v1/customers/export: the list's search and days without its paging (every matching row). */
export const customerExportQuery = listCustomersQuery.omit({ page: true, page_size: true, starting_after: true });
export type CustomerExportQuery = z.infer<typeof customerExportQuery>;

export const customerPage = z.object({
  data: z.array(customerListItem),
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().int().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type CustomerPage = z.infer<typeof customerPage>;
