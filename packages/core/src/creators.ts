import { z } from 'zod';
import { formatUsPhone, usPhoneDigits, usPhoneSchema } from './activation.ts';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { text } from './text.ts';
import { createdRangeFields } from './list-filters.ts';
import { qbCustomer } from './customers.ts';
import { emailSchema, isSecretToken, isValidRoutingNumber, messages } from './validation.ts';
import { accountNumberSchema, bankMessages, routingNumberSchema } from './wallets.ts';
import { payoutMethods } from './creators-labels.ts';
import { invitationStatuses } from './creator-imports.ts';

export * from './creators-labels.ts';

/** A stored phone (+1 and ten digits) as the spec shows it: (###) ###-####. */
export function displayUsPhone(phone: string): string {
  const digits = usPhoneDigits(phone);
  return digits ? formatUsPhone(digits) : phone;
}

export const entityTypes = ['individual', 'business'] as const;
export type EntityType = (typeof entityTypes)[number];

export const splitMessage = 'Splits are percentages from 0 to 100';
export const linkMessage = 'Must be a link starting with http:// or https://';

/** An empty input means "not given": forms send '' for untouched optional fields. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const optionalName = (max = 100) => optional(text(messages.required).trim().max(max, `Must be at most ${max} characters`));

export const splitSchema = z.number({ error: splitMessage }).int(splitMessage).min(0, splitMessage).max(100, splitMessage);

type NamedCreator = {
  entity_type?: EntityType | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
  business_name?: string | undefined;
};

/** Individual creators need first and last name; businesses need a business name. */
export function nameIssues(value: NamedCreator): { path: string; message: string }[] {
  const missing = (text: string | undefined) => !text || text.trim().length === 0;
  if (value.entity_type === 'business') return missing(value.business_name) ? [{ path: 'business_name', message: messages.required }] : [];
  return (['first_name', 'last_name'] as const).filter((key) => missing(value[key])).map((path) => ({ path, message: messages.required }));
}

export const createCreatorBody = z
  .object({
    email: emailSchema,
    entity_type: z.enum(entityTypes, { error: 'Choose individual or business' }).default('individual'),
    first_name: optionalName(),
    last_name: optionalName(),
    business_name: optionalName(200),
    phone_number: optional(usPhoneSchema),
    account_number: optional(accountNumberSchema),
    routing_number: optional(routingNumberSchema),
  })
  .superRefine((value, ctx) => {
    for (const issue of nameIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    if (value.account_number && !value.routing_number)
      ctx.addIssue({ code: 'custom', path: ['routing_number'], message: bankMessages.routingNumber });
    if (value.routing_number && !value.account_number)
      ctx.addIssue({ code: 'custom', path: ['account_number'], message: bankMessages.accountNumber });
  });
export type CreateCreatorBody = z.infer<typeof createCreatorBody>;
export type CreateCreatorInput = z.input<typeof createCreatorBody>;

export const paypalEmailSchema = text(messages.paypalEmail)
  .trim()
  .max(254, messages.paypalEmail)
  .pipe(z.email({ error: messages.paypalEmail }))
  .transform((email) => email.toLowerCase());

/** A new secret, or a tok_ value from an earlier answer (which changes nothing). */
const secretOr = (pattern: RegExp, message: string, isValid: (value: string) => boolean = () => true) =>
  text(message)
    .trim()
    .refine((value) => isSecretToken(value) || (pattern.test(value) && isValid(value)), { message });

const nullableText = (max: number) => text().trim().max(max, `Must be at most ${max} characters`).nullable();

export const addressFields = {
  address_line_1: nullableText(200),
  address_line_2: nullableText(200),
  address_city: nullableText(100),
  address_state: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Must be 2 letters')
    .transform((s) => s.toUpperCase())
    .nullable(),
  address_zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'This field is required and must be 5 digits')
    .nullable(),
  address_shipping_line_1: nullableText(200),
  address_shipping_line_2: nullableText(200),
  address_shipping_city: nullableText(100),
  address_shipping_state: text()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Must be 2 letters')
    .transform((s) => s.toUpperCase())
    .nullable(),
  address_shipping_zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'This field is required and must be 5 digits')
    .nullable(),
  is_shipping_same_as_home: z.boolean(),
};

/** PUT /v1/creators/{id}: the id plus the changed fields only. */
export const updateCreatorBody = z
  .object({
    id: z.uuid(),
    entity_type: z.enum(entityTypes, { error: 'Choose individual or business' }),
    first_name: nullableText(100),
    last_name: nullableText(100),
    business_name: nullableText(200),
    pronouns: nullableText(50),
    bio: nullableText(2000),
    phone_number: usPhoneSchema.nullable(),
    account_number: secretOr(/^\d{4,17}$/, bankMessages.accountNumber).nullable(),
    routing_number: secretOr(/^\d{9}$/, bankMessages.routingNumber, isValidRoutingNumber).nullable(),
    state_tax_id: secretOr(/^\d{9}$/, 'Must be 9 digits').nullable(),
    is_active: z.boolean(),
    is_w2: z.boolean(),
    custom_withholding_rate: z.number().min(0, 'Must be from 0 to 100').max(100, 'Must be from 0 to 100').nullable(),
    agent_id: z.uuid().nullable(),
    agent_split: splitSchema,
    manager_id: z.uuid().nullable(),
    manager_split: splitSchema,
    notes: text().max(20000, 'Must be at most 20000 characters').nullable(),
    platforms: z
      .array(
        text()
          .trim()
          .max(500, linkMessage)
          .regex(/^https?:\/\/\S+$/i, linkMessage),
      )
      .max(30, 'At most 30 links'),
    selected_payment_method: z.enum(payoutMethods).nullable(),
    paypal_email: paypalEmailSchema.nullable(),
    venmo_phone_number: usPhoneSchema.nullable(),
    /** The accounting vendor link: the QuickBooks vendor this creator is (the API stores QuickBooks' name). */
    qb_vendor: qbCustomer.nullable(),
    ...addressFields,
  })
  .partial();
export type UpdateCreatorBody = z.infer<typeof updateCreatorBody>;

export const tagRef = z.object({ id: z.string(), label: z.string() });

export const creatorRecord = z.object({
  id: z.string(),
  org_id: z.string(),
  user_id: z.string().nullable(),
  email: z.string(),
  entity_type: z.enum(entityTypes),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  business_name: z.string().nullable(),
  pronouns: z.string().nullable(),
  bio: z.string().nullable(),
  phone_number: z.string().nullable(),
  /** tok_ values only: the numbers themselves never leave the server. */
  account_number: z.string().nullable(),
  account_number_last4: z.string().nullable(),
  routing_number: z.string().nullable(),
  routing_number_last4: z.string().nullable(),
  state_tax_id: z.string().nullable(),
  is_active: z.boolean(),
  invitation: z.enum(invitationStatuses),
  is_w2: z.boolean(),
  custom_withholding_rate: z.number().nullable(),
  agent_id: z.string().nullable(),
  agent_split: z.number(),
  manager_id: z.string().nullable(),
  manager_split: z.number(),
  notes: z.string().nullable(),
  platforms: z.array(z.string()),
  selected_payment_method: z.enum(payoutMethods).nullable(),
  paypal_email: z.string().nullable(),
  venmo_phone_number: z.string().nullable(),
  qb_vendor: z.object({ Id: z.string(), DisplayName: z.string() }).nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_zip: z.string().nullable(),
  address_shipping_line_1: z.string().nullable(),
  address_shipping_line_2: z.string().nullable(),
  address_shipping_city: z.string().nullable(),
  address_shipping_state: z.string().nullable(),
  address_shipping_zip: z.string().nullable(),
  is_shipping_same_as_home: z.boolean(),
  tags: z.array(tagRef),
  payments_count: z.number(),
  /** Cents. */
  amount_paid: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreatorRecord = z.infer<typeof creatorRecord>;

export const DATA_TABLE_PAGE_SIZE = 50;

export const listCreatorsQuery = z.object({
  page: pageNumber(),
  page_size: pageSize(DATA_TABLE_PAGE_SIZE),
  starting_after: startingAfter,
  search: text().trim().max(200).optional(),
  is_active: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  ...createdRangeFields,
  /** Only the creators with this tag. */
  tag_id: z.uuid('Must be a valid tag id').optional(),
});
export type ListCreatorsQuery = z.input<typeof listCreatorsQuery>;
/** GET /v1/creators/export: the list's filters without its paging (every matching row). */
export const creatorExportQuery = listCreatorsQuery.omit({ page: true, page_size: true, starting_after: true });

/** A row of the creators table: what the list shows, nothing more. */
export const creatorListItem = creatorRecord.pick({
  id: true,
  email: true,
  entity_type: true,
  first_name: true,
  last_name: true,
  business_name: true,
  is_active: true,
  invitation: true,
  selected_payment_method: true,
  tags: true,
  payments_count: true,
  amount_paid: true,
  created_at: true,
});
export type CreatorListItem = z.infer<typeof creatorListItem>;

export const creatorPage = z.object({
  data: z.array(creatorListItem),
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().nullable(),
  page: z.number(),
  page_size: z.number(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type CreatorPage = z.infer<typeof creatorPage>;

export const bulkIssue = z.object({ line: z.number(), email: z.string().nullable(), message: z.string() });
export type BulkIssue = z.infer<typeof bulkIssue>;
export const bulkAnswer = z.object({ added: z.number(), issues: z.array(bulkIssue) });
export type BulkAnswer = z.infer<typeof bulkAnswer>;

export const CSV_HEADERS = [
  'email',
  'first_name',
  'last_name',
  'business_name',
  'entity_type',
  'phone_number',
  'account_number',
  'routing_number',
] as const;
export const MAX_BULK_ROWS = 10_000;
export const MAX_BULK_FILE_BYTES = 5 * 1024 * 1024;
