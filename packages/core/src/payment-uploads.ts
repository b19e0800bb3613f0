import { z } from 'zod';

/**
 * The columns of a payments CSV (Payments > Upload CSV); recipient is the one every file needs.
 * currency: the ISO 4217 code the row's amount (or earnings) is in, USD when empty: another
 * currency only for a creator paid abroad in it, the amount in its decimals (JPY has none).
 */
export const PAYMENT_UPLOAD_HEADERS = ['recipient', 'amount', 'earnings', 'split', 'currency', 'memo', 'campaign', 'execute_on'] as const;
export type PaymentUploadColumn = (typeof PAYMENT_UPLOAD_HEADERS)[number];
export const MAX_PAYMENT_UPLOAD_ROWS = 10_000;
export const MAX_PAYMENT_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * What only a file can get wrong: the rules a row shares with the New Payment form answer with
 * the form's own messages (paymentRowMessages, moneyMessages, scheduleMessages, campaignMessages).
 */
export const paymentUploadMessages = {
  chooseFile: 'Choose a CSV file',
  notCsv: 'Upload a CSV file (text/csv): this file is not one',
  tooLarge: `A payments file may be at most ${MAX_PAYMENT_UPLOAD_BYTES / 1024 / 1024} MB`,
  tooManyRows: `A payments file may hold at most ${MAX_PAYMENT_UPLOAD_ROWS.toLocaleString('en-US')} rows`,
  noRows: 'The file has no payments',
  noRecipientColumn: `The file needs a recipient column. Expected headers: ${PAYMENT_UPLOAD_HEADERS.join(', ')}`,
  amountOrEarnings: 'Give an amount, or earnings and a split, not both',
  campaignNameTaken: 'Several campaigns have this name: use the campaign id',
  scheduleRole: 'Only owners and admins can schedule payments: leave execute_on empty',
  created: (count: number) => `${count.toLocaleString('en-US')} draft payment${count === 1 ? '' : 's'} created`,
} as const;

/** One problem of one row: the row as a spreadsheet numbers it (the header is row 1), its column and the message. */
export const paymentUploadError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type PaymentUploadError = z.infer<typeof paymentUploadError>;

/** POST /v1/payments/upload/preview: what the file would create, and every row error; nothing is written. */
export const paymentUploadPreview = z.object({
  /** Rows of the file (the header not counted). */
  total: z.number().int(),
  /** Rows without an error. */
  valid: z.number().int(),
  /**
   * The cents the valid rows would pay (recipients' amounts, agent and manager shares included);
   * a row in another currency counts as its USD estimate at Nium's rate, as the created payment shows it.
   */
  amount: z.number().int(),
  /** Whether amount includes rows entered in another currency: then it is an estimate until Execute's quotes. */
  estimated: z.boolean(),
  /** Valid rows that name an execute date (each gets a schedule, as "Execute on" does). */
  scheduled: z.number().int(),
  errors: z.array(paymentUploadError),
});
export type PaymentUploadPreview = z.infer<typeof paymentUploadPreview>;

/** POST /v1/payments/upload: the drafts made, once per Idempotency-Key. */
export const paymentUploadAnswer = z.object({
  message: z.string(),
  /** Rows of the file, each a draft payment. */
  created: z.number().int(),
  /** Draft payments written, agents' and managers' shares included. */
  payments: z.number().int(),
  scheduled: z.number().int(),
});
export type PaymentUploadAnswer = z.infer<typeof paymentUploadAnswer>;
