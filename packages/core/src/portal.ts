import { z } from 'zod';
import { dobSchema, einSchema, ssnSchema, usPhoneSchema } from './activation.ts';
import { businessEntityTypes, legalEntityTypes, payeeAddressSchema, payeeMessages, paymentStatuses } from './payments.ts';
import { startingAfter } from './paging.ts';
import { text } from './text.ts';
import { isSecretToken, messages, requiredText } from './validation.ts';
import type { Role } from './roles.ts';
import { routingNumberSchema } from './wallets.ts';

export * from './portal-labels.ts';

/**
 * The creator portal (document 001 'Creator portal', sections 3 to 5): a creator's own records in
 * every organisation that works with them, their payments and their home page.
 */

/** Who a portal record pays: the user's creator row, or the user themselves as an agent and/or manager. */
export const portalPayeeRoles = ['creator', 'agent', 'manager'] as const;
export type PortalPayeeRole = (typeof portalPayeeRoles)[number];

/**
 * GET /v1/creators/user: one record per organisation that pays the user: each creator row, and
 * the user's own account where an organisation pays them as its agent or manager (id: the user's
 * id). Secrets only as tok_ values and last four.
 */
export const creatorUserRecord = z.object({
  id: z.string(),
  /** ['creator'] for a creator row; ['agent'], ['manager'] or both for the user's own agent/manager account. */
  payee_roles: z.array(z.enum(portalPayeeRoles)),
  org_id: z.string(),
  org_name: z.string(),
  /** PayPal and Venmo are offered only when the organisation has PayPal enabled. */
  is_paypal_enabled: z.boolean(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  business_name: z.string().nullable(),
  /** The legal entity type; null for a business whose legal form is not known yet. */
  entity_type: z.enum(legalEntityTypes).nullable(),
  tax_id: z.string().nullable(),
  account_number: z.string().nullable(),
  account_number_last4: z.string().nullable(),
  routing_number: z.string().nullable(),
  routing_number_last4: z.string().nullable(),
  selected_payment_method: z.enum(['stripe', 'paypal', 'venmo', 'nium']).nullable(),
  paypal_email: z.string().nullable(),
  venmo_phone_number: z.string().nullable(),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  address_city: z.string().nullable(),
  address_state: z.string().nullable(),
  address_zip: z.string().nullable(),
});
export type CreatorUserRecord = z.infer<typeof creatorUserRecord>;

/**
 * A new secret checked (and normalised: an SSN's dashes dropped) by `schema`, or the tok_ value of
 * the stored one, passed through as is (dropped by the server: the secret stays).
 */
const keptOrNew = (schema: z.ZodType<string>, message: string) =>
  text(message).transform((value, ctx) => {
    if (isSecretToken(value)) return value;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? message });
    return z.NEVER;
  });

const accountNumberInput = text(payeeMessages.accountNumber)
  .trim()
  .min(1, payeeMessages.accountNumber)
  .regex(/^\d+$/, payeeMessages.accountDigits)
  .regex(/^\d{4,17}$/, payeeMessages.accountLength);

export const portalMethodSchema = z.discriminatedUnion('selected_payment_method', [
  z.object({
    selected_payment_method: z.literal('stripe'),
    account_number: keptOrNew(accountNumberInput, payeeMessages.accountNumber),
    routing_number: keptOrNew(routingNumberSchema, 'This field is required and must be 9 digits'),
  }),
  z.object({
    selected_payment_method: z.literal('paypal'),
    paypal_email: text(messages.paypalEmail)
      .trim()
      .pipe(z.email({ error: messages.paypalEmail })),
  }),
  z.object({ selected_payment_method: z.literal('venmo'), venmo_phone_number: usPhoneSchema }),
]);

const required = requiredText(100);
export const portalTaxSchema = z.discriminatedUnion(
  'entity_type',
  [
    z.object({
      entity_type: z.literal('individual'),
      tax_id: keptOrNew(ssnSchema, 'This field is required and must be 9 digits'),
      first_name: required,
      last_name: required,
      date_of_birth: dobSchema,
    }),
    z.object({
      entity_type: z.enum(businessEntityTypes, { error: messages.required }),
      tax_id: keptOrNew(einSchema, 'This field is required and must be 9 digits'),
      business_name: required,
    }),
  ],
  { error: messages.required },
);

/**
 * PUT /v1/creators/user/{id}: the spec's update payload. account_number, routing_number and
 * tax_id may carry the tok_ value the record answered: that field is dropped and the stored
 * secret stays (only when one is stored; otherwise the field is required).
 */
export const creatorUserUpdateBody = z.intersection(
  z.intersection(portalMethodSchema, portalTaxSchema),
  z.object({ id: z.uuid().optional(), address: payeeAddressSchema }),
);
export type CreatorUserUpdateBody = z.infer<typeof creatorUserUpdateBody>;
export type CreatorUserUpdateInput = z.input<typeof creatorUserUpdateBody>;

export const portalMessages = {
  updated: 'Payment details updated!',
  notFound: 'Creator not found',
  updateFailed: 'There was an issue updating the creator',
  fetchFailed: 'There was an issue fetching the creators for your user.',
  externalOnly: 'This is only available to creators and customers',
} as const;

/** One row of /creator/payments: the spec's columns id, org, status, memo, amount, date posted. */
export const portalPaymentRow = z.object({
  id: z.string(),
  org_id: z.string(),
  org_name: z.string(),
  /** The campaign the payment belongs to, by its title (null when none). */
  campaign_title: z.string().nullable(),
  status: z.enum(paymentStatuses),
  memo: z.string(),
  amount: z.number().int(),
  date_posted: z.string().nullable(),
  created_at: z.string(),
});
export type PortalPaymentRow = z.infer<typeof portalPaymentRow>;

export const PORTAL_PAGE_SIZE = 50;
/** GET /v1/portal/payments: by `starting_after` (the page before's next_cursor), or by page number (the spec's calls). */
export const portalPageQuery = z.object({
  page: z.coerce.number({ error: 'Page must be a whole number' }).int('Page must be a whole number').min(0).max(100_000).default(0),
  page_size: z.coerce.number({ error: 'Page size must be a whole number' }).int().min(1).max(100).default(PORTAL_PAGE_SIZE),
  starting_after: startingAfter,
});
export const portalPaymentPage = z.object({
  data: z.array(portalPaymentRow),
  page: z.number().int(),
  has_more: z.boolean(),
  /** Counted for a page number; null when the page was asked by cursor. */
  total: z.number().int().nullable(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type PortalPaymentPage = z.infer<typeof portalPaymentPage>;

/** The portal's to-do types: the contract one is contributed by the contracts feature. */
export const portalTodoTypes = ['Unsigned Contract', 'Payment needs payout method', 'Unpaid Invoice'] as const;
export const portalTodoItem = z.object({
  todoType: z.enum(portalTodoTypes),
  id: z.string(),
  org_id: z.string(),
  title: z.string(),
  amount: z.number().int(),
  /** Where the item leads in the portal (the contract, or the payment details of that organisation). */
  link: z.string(),
});
export type PortalTodoItem = z.infer<typeof portalTodoItem>;

/** GET /v1/portal/home: the portal home's counts (cents for money) and the to-do list. */
export const portalHomeAnswer = z.object({
  contracts: z.number().int(),
  payments: z.number().int(),
  /** Sum of posted payments (cents). */
  completed: z.number().int(),
  /** Sum of payments awaiting input or pending (cents). */
  pending: z.number().int(),
  invoices: z.number().int(),
  todos: z.array(portalTodoItem),
});
export type PortalHomeAnswer = z.infer<typeof portalHomeAnswer>;

/** Login-as goes down or across in role, never up. Creators and customers rank below every member. */
export const actingRoleRank: Record<Role, number> = { owner: 3, admin: 2, collaborator: 1, creator: 0, customer: 0 };

/** Whether someone of `actorRole` may act as someone of `targetRole` (owners and admins only). */
export function canActAs(actorRole: Role, targetRole: Role): boolean {
  if (actorRole !== 'owner' && actorRole !== 'admin') return false;
  return actingRoleRank[targetRole] <= actingRoleRank[actorRole];
}

/** POST /v1/users/loginas: act as `user_id` (a member or creator of the caller's organisation). */
export const loginAsBody = z.object({ user_id: z.uuid({ error: 'Choose a user to act as' }) });
export type LoginAsBody = z.infer<typeof loginAsBody>;

/** Acting as someone (login-as) ends by itself this long after it began. */
export const ACTING_MINUTES = 60;

/** POST /v1/customers/{id}/portal_invite answer: the customer's portal login. */
export const customerPortalAccess = z.object({
  customer_id: z.string(),
  user_id: z.string().nullable(),
  has_password: z.boolean(),
});
export type CustomerPortalAccess = z.infer<typeof customerPortalAccess>;

const statementDay = z
  .string({ error: 'Choose a day' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Choose a day');
/** GET /v1/portal/payments/statement: the payments of a date range (days, inclusive) as a CSV statement. */
export const portalStatementQuery = z
  .object({ from: statementDay, to: statementDay })
  .refine((query) => query.from <= query.to, { message: 'The end of the range is before its start', path: ['to'] });
export type PortalStatementQuery = z.infer<typeof portalStatementQuery>;
