import { z } from 'zod';
import { dobSchema } from './activation.ts';
import { foreignCountryCodes } from './countries.ts';
import { payeeAddressSchema } from './payments.ts';
import { einProblem, ssnOrItinProblem, tinDigits } from './tax-ids.ts';
import { text } from './text.ts';
import { messages, requiredText } from './validation.ts';

export * from './tax-ids.ts';
export * from './tax-form-texts.ts';
export * from './countries.ts';

/**
 * Certified tax forms (issue #32): a US person signs a W-9, a foreign individual a W-8BEN, a
 * foreign entity a W-8BEN-E. The signature is the typed name with the certification ticked; the
 * server adds the date, IP and user agent.
 */
export const taxFormTypes = ['w9', 'w8ben', 'w8bene'] as const;
export type TaxFormType = (typeof taxFormTypes)[number];
export const taxFormStatuses = ['active', 'superseded'] as const;

export const taxFormMessages = {
  certify: 'Tick the certification to sign the form',
  country: 'Choose a country outside the United States',
  foreignTin: 'Enter your foreign tax identifying number, or the reason you have none',
  llcClass: 'Choose the LLC tax classification (C, S or P)',
  otherClass: 'Describe the tax classification',
  rate: 'Enter the treaty rate as a percentage from 0 to 100',
  saved: 'Tax form signed',
  notFound: 'Tax form not found',
} as const;

export const w9Classifications = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other'] as const;
export const llcClassifications = ['C', 'S', 'P'] as const;
export const chapter3Statuses = [
  'corporation',
  'partnership',
  'disregarded_entity',
  'simple_trust',
  'grantor_trust',
  'complex_trust',
  'estate',
  'foreign_government',
  'tax_exempt_organization',
  'private_foundation',
] as const;
export const chapter4Statuses = [
  'active_nffe',
  'passive_nffe',
  'publicly_traded_nffe',
  'participating_ffi',
  'exempt_beneficial_owner',
  'nonprofit_organization',
] as const;

const required = requiredText(100);
const optionalText = (max: number) => text().trim().max(max, `Must be at most ${max} characters`).optional().default('');
const country = z.enum(foreignCountryCodes, { error: taxFormMessages.country });
const signature = {
  signer_name: required,
  certified: z.literal(true, { error: taxFormMessages.certify }),
};
const foreignAddress = z.object({
  line_1: required,
  city: required,
  postal_code: optionalText(20),
  country,
});
const foreignTin = {
  foreign_tin: optionalText(40),
  foreign_tin_reason: optionalText(200),
};
const needsForeignTin = (value: { foreign_tin: string; foreign_tin_reason: string }) =>
  value.foreign_tin !== '' || value.foreign_tin_reason !== '';

/** The TIN with its kind; its problem (an SSN that cannot exist) is the message under the field. */
const w9Tin = z
  .object({ tin_type: z.enum(['ssn', 'ein'], { error: messages.required }), tin: text(messages.required).transform(tinDigits) })
  .superRefine((value, context) => {
    const problem = value.tin_type === 'ssn' ? ssnOrItinProblem(value.tin) : einProblem(value.tin);
    if (problem) context.addIssue({ code: 'custom', path: ['tin'], message: problem });
  });

export const w9Body = z
  .object({
    form_type: z.literal('w9'),
    name: required,
    business_name: optionalText(100),
    tax_classification: z.enum(w9Classifications, { error: messages.required }),
    llc_classification: z.enum(llcClassifications, { error: taxFormMessages.llcClass }).optional(),
    other_classification: optionalText(100),
    exempt_payee_code: z
      .string()
      .regex(/^(|[1-9]|1[0-3])$/, 'Exempt payee codes are 1 to 13')
      .optional()
      .default(''),
    fatca_code: z
      .string()
      .regex(/^(|[A-M])$/, 'FATCA exemption codes are A to M')
      .optional()
      .default(''),
    address: payeeAddressSchema,
    ...signature,
  })
  .and(w9Tin)
  .superRefine((value, context) => {
    if (value.tax_classification === 'llc' && !value.llc_classification)
      context.addIssue({ code: 'custom', path: ['llc_classification'], message: taxFormMessages.llcClass });
    if (value.tax_classification === 'other' && !value.other_classification)
      context.addIssue({ code: 'custom', path: ['other_classification'], message: taxFormMessages.otherClass });
  });

export const w8benBody = z
  .object({
    form_type: z.literal('w8ben'),
    name: required,
    country_of_citizenship: country,
    address: foreignAddress,
    date_of_birth: dobSchema,
    ...foreignTin,
    treaty_country: country.optional(),
    treaty_article: optionalText(40),
    treaty_rate: z.number({ error: taxFormMessages.rate }).min(0, taxFormMessages.rate).max(100, taxFormMessages.rate).optional(),
    treaty_income_type: optionalText(100),
    ...signature,
  })
  .refine(needsForeignTin, { path: ['foreign_tin'], message: taxFormMessages.foreignTin });

export const w8beneBody = z
  .object({
    form_type: z.literal('w8bene'),
    name: required,
    country_of_organization: country,
    chapter3_status: z.enum(chapter3Statuses, { error: messages.required }),
    chapter4_status: z.enum(chapter4Statuses, { error: messages.required }),
    address: foreignAddress,
    ...foreignTin,
    ...signature,
  })
  .refine(needsForeignTin, { path: ['foreign_tin'], message: taxFormMessages.foreignTin });

/** POST of a signed form, from the payee link or the portal; form_type picks the schema. */
export const taxFormBody = z.union([w9Body, w8benBody, w8beneBody]);
export type TaxFormBody = z.infer<typeof taxFormBody>;
export type TaxFormInput = z.input<typeof taxFormBody>;
export type W9Body = z.infer<typeof w9Body>;
export type W8benBody = z.infer<typeof w8benBody>;
export type W8beneBody = z.infer<typeof w8beneBody>;

/** One signed form in a history list; the fields themselves are only in the sealed PDF. */
export const taxFormSummary = z.object({
  id: z.string(),
  /** The creator row (or agent's or manager's user) the form is for: one per organisation that pays them. */
  payee_id: z.string(),
  form_type: z.enum(taxFormTypes),
  status: z.enum(taxFormStatuses),
  name: z.string(),
  signer_name: z.string(),
  signed_at: z.string(),
  /** Last four of a W-9's TIN; null on W-8 forms. */
  tin_last4: z.string().nullable(),
  superseded_by: z.string().nullable(),
});
export type TaxFormSummary = z.infer<typeof taxFormSummary>;

export const taxFormLabels: Record<TaxFormType, string> = { w9: 'W-9', w8ben: 'W-8BEN', w8bene: 'W-8BEN-E' };

const schemaOfType = { w9: w9Body, w8ben: w8benBody, w8bene: w8beneBody } as const;

/**
 * The schema of the form the body names. A plain union would answer "Invalid input" for a W-9
 * with a bad TIN; picking by form_type first keeps the field's own message.
 */
export function taxFormSchemaOf(body: unknown) {
  const formType = (body as { form_type?: unknown } | null)?.form_type;
  return typeof formType === 'string' && formType in schemaOfType ? schemaOfType[formType as TaxFormType] : null;
}

/** Settings > the Taxes page's "Backup withholding" card (owners change it). */
export const backupWithholdingSetting = z.object({ enabled: z.boolean(), rate: z.number() });
export const backupWithholdingBody = z.object({ enabled: z.boolean({ error: messages.required }) });
/** A payee backup withholding applies to (no W-9 or W-8 on file), and whether a W-9 was asked of them. */
export const w9Payee = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  first_requested_at: z.string().nullable(),
  last_requested_at: z.string().nullable(),
  requests: z.number().int(),
});
export type W9Payee = z.infer<typeof w9Payee>;
/** GET /v1/taxes/backup_withholding/payees: how many payees would be withheld, and the first page of them by name. */
export const w9Payees = z.object({ count: z.number().int(), data: z.array(w9Payee), has_more: z.boolean() });
export type W9Payees = z.infer<typeof w9Payees>;
export const w9PayeesQuery = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Just this payee (their page asks whether withholding applies to them). */
  payee_id: z.string().uuid().optional(),
});
/** POST /v1/taxes/backup_withholding/w9_requests: these payees (none given: every payee without a W-9). */
export const w9RequestBody = z.object({ payee_ids: z.array(z.string().uuid()).max(1000).optional() });
export const w9RequestResult = z.object({ requested: z.number().int(), reminded: z.number().int() });
/** What was kept back from one payment as backup withholding. */
export const paymentBackupWithholding = z.object({ rate: z.number(), amount: z.number().int() }).nullable();

/** One payee documented as foreign (W-8BEN/W-8BEN-E) and paid in the year: no 1099-NEC, reported on Form 1042-S. */
export const foreignPayee = z.object({
  payee_id: z.string(),
  name: z.string(),
  form_type: z.enum(taxFormTypes),
  country: z.string(),
  /** Cents posted in the year less returned, gross of withholding (as the Paid Users figure). */
  paid: z.number().int(),
});
export type ForeignPayee = z.infer<typeof foreignPayee>;
export const foreignPayeesQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

export const backupWithholdingLabels = {
  title: 'Backup withholding',
  description:
    'Withhold 24% federal income tax from payments to US payees who have no signed W-9 on file. Foreign payees with a W-8BEN or W-8BEN-E are not withheld.',
  on: 'Backup withholding is on',
  off: 'Backup withholding is off',
  onPayment: (rate: number) => `Backup withholding ${rate}%`,
  /** On a payment, the Execute dialog and the payee's page: what was kept back and what the payee receives. */
  explained: (rate: number, withheld: string, receives: string) =>
    `${rate}% backup withholding: ${withheld} withheld, payee receives ${receives}`,
  /** The same, to the payee (their paid email, their portal). */
  toPayee: (rate: number, withheld: string, receives: string) =>
    `${rate}% backup withholding: ${withheld} withheld, you receive ${receives}`,
  why: 'Kept back for the IRS because no W-9 was on file when the payment was executed.',
  confirmTitle: 'Turn on backup withholding?',
  confirmCount: (count: number, rate: number) =>
    count === 1
      ? `1 payee has no W-9 on file: ${rate}% will be withheld from each payment to them until they sign one.`
      : `${count} payees have no W-9 on file: ${rate}% will be withheld from each payment to them until they sign one.`,
  confirmNone: 'Every payee has a W-9 or W-8 on file: no one will be withheld from today.',
  confirm: 'Turn on',
  payeesTitle: 'Payees without a W-9',
  requestW9: 'Request W-9',
  requestAll: (count: number) => (count === 1 ? 'Request W-9 from 1 payee' : `Request W-9 from ${count} payees`),
  requestSent: 'W-9 request sent by email',
  statusNotRequested: 'Not requested',
  statusRequested: (date: string) => `Requested ${date}`,
  statusReminded: (date: string, times: number) => `Reminded ${date} (asked ${times} times)`,
  onPayee: (rate: number, name: string) =>
    `${rate}% backup withholding: ${name} has no W-9 on file, so ${rate}% of each payment to them is withheld for the IRS until they sign one.`,
  foreignTitle: 'Foreign payees (1042-S)',
  foreignEmpty: 'No foreign payees were paid this year.',
} as const;
