import { z } from 'zod';

/**
 * Year-end tax documents (1099-NEC and W-2 wage summaries), computed from the payments the
 * ledger posted. Money is integer cents; a tax year is a calendar year in UTC (docs/taxes.md).
 */

export const FIRST_TAX_YEAR = 2022;
export const MAX_TAX_RECIPIENTS = 5000;

export const taxMessages = {
  failure: 'There was an issue retrieving your tax docs',
  yearRequired: 'Choose a tax year',
  year: `Tax years run from the current year down to ${FIRST_TAX_YEAR}`,
  method: 'Method must be download or email',
  recipients: 'Choose at least one user',
  tooMany: `At most ${MAX_TAX_RECIPIENTS} users at a time`,
  notFound: 'User not found',
  nothingToGenerate: 'None of the chosen users can receive a tax document for this year',
  emailed: 'Tax documents have been emailed',
} as const;

/**
 * The toast after an email run: the spec's message when everyone was emailed; else how many were
 * emailed and how many wait to be printed and mailed (no consent to electronic delivery).
 */
export function taxEmailedMessage(emailed: number, toMail: number): string {
  if (toMail === 0) return taxMessages.emailed;
  const forms = (count: number) => `${count} ${count === 1 ? 'form' : 'forms'}`;
  if (emailed === 0) return `No recipient agreed to electronic delivery: print the ${forms(toMail)} to mail`;
  return `${forms(emailed)} emailed; print the ${forms(toMail)} to mail`;
}

/** Far beyond any clock: the schema's bound on the shape; the server refuses years after its current one. */
const LAST_TAX_YEAR = 9999;

/** The spec's tax year options: the current year down to 2022. */
export function taxYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getUTCFullYear(); year >= FIRST_TAX_YEAR; year -= 1) years.push(year);
  return years;
}

/** The 1099-NEC reporting threshold in cents: $600 through 2025, $2,000 from 2026 (One Big Beautiful Bill Act). */
export function reportingThresholdCents(year: number): number {
  return year >= 2026 ? 200_000 : 60_000;
}

/** A payment as the tax summary sees it: what the recipient got, what was withheld, and when it posted or came back. */
export type TaxablePayment = {
  amount: number;
  state_withholdings: number;
  federal_withholdings: number;
  date_posted: Date | null;
  date_returned: Date | null;
};

export type TaxYearSummary = {
  /** Gross paid (amount plus withholding) of payments posted in the year. */
  posted: number;
  /** Gross of payments returned in the year (whenever they posted). */
  returned: number;
  /** 1099-NEC box 1, or W-2 box 1: posted less returned. */
  compensation: number;
  federal_withheld: number;
  state_withheld: number;
};

const inYear = (date: Date | null, year: number) => date !== null && date.getUTCFullYear() === year;

/**
 * One recipient's year: payments posted in the year count, payments returned in the year come
 * off (a December payment returned in January lowers the next year, as the money came back then).
 * Withholding follows the same rule, so a returned payment's withholding is given back too.
 */
export function summarizeTaxYear(payments: readonly TaxablePayment[], year: number): TaxYearSummary {
  const summary: TaxYearSummary = { posted: 0, returned: 0, compensation: 0, federal_withheld: 0, state_withheld: 0 };
  for (const payment of payments) {
    if (payment.date_posted === null) continue;
    const gross = payment.amount + payment.state_withholdings + payment.federal_withholdings;
    const sign = (inYear(payment.date_posted, year) ? 1 : 0) - (inYear(payment.date_returned, year) ? 1 : 0);
    if (inYear(payment.date_posted, year)) summary.posted += gross;
    if (inYear(payment.date_returned, year)) summary.returned += gross;
    summary.federal_withheld += sign * payment.federal_withholdings;
    summary.state_withheld += sign * payment.state_withholdings;
  }
  summary.compensation = summary.posted - summary.returned;
  return summary;
}

export type TaxSkipReason = 'below_threshold' | 'missing_tin' | 'missing_address' | 'foreign_payee';

export const taxSkipLabels: Record<TaxSkipReason, string> = {
  below_threshold: 'Paid less than the reporting threshold',
  missing_tin: 'Missing taxpayer identification number (SSN or EIN)',
  missing_address: 'Missing mailing address',
  foreign_payee: 'Foreign person (W-8BEN or W-8BEN-E on file): reported on Form 1042-S, not a 1099-NEC',
};

/** Why a recipient gets no form this year (W-2 wages have no threshold: any wages are reported). */
export function taxSkipReasons(options: {
  year: number;
  is_w2: boolean;
  compensation: number;
  has_tin: boolean;
  has_address: boolean;
  /** An active W-8BEN or W-8BEN-E: the payee certified being a foreign person, so no 1099 is due. */
  is_foreign?: boolean;
}): TaxSkipReason[] {
  if (options.is_foreign) return ['foreign_payee'];
  const reasons: TaxSkipReason[] = [];
  const threshold = options.is_w2 ? 1 : reportingThresholdCents(options.year);
  if (options.compensation < threshold) reasons.push('below_threshold');
  if (!options.has_tin) reasons.push('missing_tin');
  if (!options.has_address) reasons.push('missing_address');
  return reasons;
}

/** A TIN as a recipient copy shows it: only the last four digits. */
export function maskTin(tin: string, kind: 'ssn' | 'ein'): string {
  const last4 = tin.replace(/\D/g, '').slice(-4);
  return kind === 'ein' ? `**-***${last4}` : `***-**-${last4}`;
}

/** An EIN as printed for the payer: 12-3456789. */
export function formatEin(ein: string): string {
  const digits = ein.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 2)}-${digits.slice(2)}` : digits;
}

/** Cents as the IRS boxes print them: 1250.05 -> "1,250.05" (no dollar sign). */
export function formatBoxAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

export const taxYearSchema = z.coerce
  .number({ error: taxMessages.yearRequired })
  .int(taxMessages.year)
  // The upper bound, the current year, is the server's clock (the sandbox's when moved): checked there.
  .refine((year) => year >= FIRST_TAX_YEAR && year <= LAST_TAX_YEAR, taxMessages.year);

export const taxRequestBody = z.object({
  year: taxYearSchema,
  method: z.enum(['download', 'email'], { error: taxMessages.method }),
  userIds: z
    .array(z.uuid({ error: taxMessages.notFound }), { error: taxMessages.recipients })
    .min(1, taxMessages.recipients)
    .max(MAX_TAX_RECIPIENTS, taxMessages.tooMany),
});
export type TaxRequestBody = z.infer<typeof taxRequestBody>;

export const paidUsersQuery = z.object({
  year: taxYearSchema.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});

export const paidUser = z.object({
  id: z.uuid(),
  recipient_role: z.enum(['creator', 'agent', 'manager']),
  emailRecipient: z.string(),
  name: z.string(),
  isW2: z.boolean(),
  total: z.number().int(),
  /**
   * What the year's forms need, per payee (issue 44): the signed tax form in force (null: none),
   * whether a TIN is known (entered or from the W-9) and whether the address is complete.
   */
  readiness: z
    .object({ tax_form: z.enum(['w9', 'w8ben', 'w8bene']).nullable(), has_tin: z.boolean(), has_address: z.boolean() })
    .optional(),
});
export type PaidUser = z.infer<typeof paidUser>;

export const paidUsersPage = z.object({
  data: z.array(paidUser),
  year: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type PaidUsersPage = z.infer<typeof paidUsersPage>;

export const taxRecipientOutcome = z.object({
  id: z.uuid(),
  name: z.string(),
  form: z.enum(['1099-NEC', 'W-2']),
  compensation: z.number().int(),
  reasons: z.array(z.enum(['below_threshold', 'missing_tin', 'missing_address', 'foreign_payee'])),
});
export type TaxRecipientOutcome = z.infer<typeof taxRecipientOutcome>;

/** A form an organisation issued to the signed-in creator (the creator portal's Tax documents). */
export const portalTaxDocument = z.object({
  creator_id: z.uuid(),
  org_name: z.string(),
  year: z.number().int(),
  form: z.enum(['1099-NEC', 'W-2']),
  compensation: z.number().int(),
});
export type PortalTaxDocument = z.infer<typeof portalTaxDocument>;
/** GET /v1/portal/tax_documents/{creator_id}/{year}/pdf */
export const portalTaxDocumentParams = z.object({
  creator_id: z.uuid('Tax document not found'),
  year: z.coerce.number().int().min(2000).max(2200),
});

export const taxRun = z.object({
  id: z.uuid(),
  year: z.number().int(),
  method: z.enum(['download', 'email']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  generated: z.array(taxRecipientOutcome),
  skipped: z.array(taxRecipientOutcome),
  /** An email run's forms for recipients without consent to electronic delivery: to be mailed, never emailed. */
  to_mail: z.array(taxRecipientOutcome),
  emails_sent: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type TaxRun = z.infer<typeof taxRun>;
