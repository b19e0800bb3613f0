import { z } from 'zod';
import { pageNumber, pageSize, startingAfter } from './paging.ts';
import { text } from './text.ts';
import { CONTRACTS_PAGE_SIZE, contractMessages } from './contracts-labels.ts';
import { createdRangeFields, listSearch } from './list-filters.ts';

export * from './contracts-labels.ts';

/** Spec section 9: contract and template PDFs are at most 25,000,000 bytes. */
export const MAX_CONTRACT_PDF_BYTES = 25_000_000;
/** Spec section 9: a signature block is 80 by 16 points on a 612 by 792 page. */
export const SIGNATURE_BLOCK = { width: 80, height: 16 } as const;
export const REFERENCE_PAGE = { width: 612, height: 792 } as const;
/**
 * What reading one PDF may cost (docs/security.md, PDF limits). A few megabytes can hold
 * compressed data that expands to gigabytes; past any of these the file is refused.
 */
export const PDF_LIMITS = {
  pages: 1_000,
  objects: 100_000,
  /** Bytes decompressed while reading (object and cross-reference streams, and any other it decodes). */
  inflatedBytes: 50_000_000,
  seconds: 10,
  memoryMb: 256,
  /** A drawn signature: width times height of its PNG. */
  signaturePixels: 4_000_000,
} as const;
export type PdfLimit = 'pages' | 'objects' | 'inflated' | 'time' | 'memory';

/** The refusal of a PDF past one of PDF_LIMITS, naming the limit. */
export const pdfLimitMessages: Record<PdfLimit, string> = {
  pages: 'This PDF has more than 1,000 pages: split it into smaller documents',
  objects: 'This PDF is too complex to process: it has more than 100,000 objects',
  inflated: 'This PDF is too complex to process: its compressed content expands to more than 50 MB',
  time: 'This PDF is too complex to process: reading it takes more than 10 seconds',
  memory: 'This PDF is too complex to process: reading it needs more than 256 MB of memory',
};

export const contractTypes = ['signature_request', 'plain_file'] as const;
export const contractRecipientTypes = ['creator', 'customer'] as const;
export const contractStatuses = ['requires_info', 'succeeded', 'canceled'] as const;
export type ContractDisplayStatus = 'Invalid' | 'Signed' | 'Sent';

/** Spec section 4: Invalid if canceled; Signed if a signature date exists; otherwise Sent. */
export function contractDisplayStatus(contract: { status: string; signature_date: string | null }): ContractDisplayStatus {
  if (contract.status === 'canceled') return 'Invalid';
  if (contract.signature_date) return 'Signed';
  return 'Sent';
}

/** Invalidate and the email reminder: a signature request, not signed, not canceled. */
export function canRemindContract(contract: { type: string; status: string; signature_date: string | null }): boolean {
  return contract.type === 'signature_request' && contractDisplayStatus(contract) === 'Sent';
}

/** Spec entity Signature field: PDF points on a 612x792 page, 80x16, required, signer 0. */
export const signatureField = z.object({
  x: z
    .number()
    .finite()
    .min(0)
    .max(REFERENCE_PAGE.width - SIGNATURE_BLOCK.width),
  y: z
    .number()
    .finite()
    .min(0)
    .max(REFERENCE_PAGE.height - SIGNATURE_BLOCK.height),
  type: z.literal('signature').default('signature'),
  width: z.literal(SIGNATURE_BLOCK.width).default(SIGNATURE_BLOCK.width),
  height: z.literal(SIGNATURE_BLOCK.height).default(SIGNATURE_BLOCK.height),
  required: z.boolean().default(true),
  signer: z.literal(0).default(0),
  api_id: z.string().regex(/^signature_field_\d{1,4}$/, 'api_id must read signature_field_{n}'),
  /** 1-based page number. */
  page: z.number().int().min(1).max(10_000),
});
export type SignatureField = z.infer<typeof signatureField>;
export const signatureFields = z.array(signatureField).max(200);

export function fromReferenceRect(field: Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>, page: { width: number; height: number }) {
  const sx = page.width / REFERENCE_PAGE.width;
  const sy = page.height / REFERENCE_PAGE.height;
  return { x: field.x * sx, y: field.y * sy, width: field.width * sx, height: field.height * sy };
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');

/** POST /v1/contracts text fields (multipart beside `file`). */
export const createContractFields = z.object({
  title: text('This field is required').trim().min(1, 'This field is required').max(200, 'Must be at most 200 characters'),
  type: z.enum(contractTypes),
  recipient: z.uuid({ error: 'Choose a recipient' }),
  recipient_type: z.enum(contractRecipientTypes).default('creator'),
  payment_group_id: z.uuid({ error: 'Choose a campaign' }).optional(),
  expiration_date: isoDate,
  template_id: z.uuid().optional(),
  formFields: signatureFields.default([]),
});
export type CreateContractFields = z.input<typeof createContractFields>;

export const contractRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(contractTypes),
  status: z.enum(contractStatuses),
  display_status: z.enum(['Invalid', 'Signed', 'Sent']),
  org_id: z.uuid(),
  payment_group_id: z.uuid().nullable(),
  campaign_title: z.string().nullable(),
  creator_id: z.uuid().nullable(),
  customer_id: z.uuid().nullable(),
  recipient: z.string(),
  recipient_email: z.string().nullable(),
  recipient_type: z.enum(contractRecipientTypes),
  expiration_date: z.string(),
  signature_date: z.string().nullable(),
  signature_request_id: z.string().nullable(),
  preview_state: z.enum(['pending', 'ready', 'failed']),
  file_name: z.string(),
  has_signed_file: z.boolean(),
  formFields: signatureFields,
  org_name: z.string(),
  org_website: z.string().nullable(),
  created_at: z.string(),
});
export type ContractRecord = z.infer<typeof contractRecord>;
export const contractList = z.object({ data: z.array(contractRecord) });

/** Page by number (the spec's calls; answers the total) or after a cursor (starting_after = next_cursor). */
const pageQuery = {
  page: pageNumber(1_000_000),
  page_size: pageSize(CONTRACTS_PAGE_SIZE),
  starting_after: startingAfter,
};

/** Keyset paging answer: total is counted for a page number and null when asked by cursor. */
const pageAnswer = {
  total: z.number().int().nullable(),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
  /** Pass as starting_after for the next page; null on the last. */
  next_cursor: z.string().nullable(),
};

export const listContractsQuery = z.object({
  payment_group_id: z.uuid().optional(),
  creator_id: z.uuid().optional(),
  customer_id: z.uuid().optional(),
  status: z.enum(['Invalid', 'Signed', 'Sent']).optional(),
  ...createdRangeFields,
  /** The contract's title, or its recipient's (creator's or customer's) name or email. */
  search: listSearch,
  ...pageQuery,
});
/** GET /v1/contracts/export: the list's filters without its paging (every matching row). */
export const contractExportQuery = listContractsQuery.omit({ page: true, page_size: true, starting_after: true });
export const contractPage = z.object({ data: z.array(contractRecord), ...pageAnswer });
export type ContractPage = z.infer<typeof contractPage>;

export const contractReminderBody = z.object({
  reminder_type: z.enum(['sms', 'email']),
  /** Comma-joined contract ids (spec section 7). */
  ids: z
    .string()
    .max(40_000)
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.uuid({ error: 'ids must be contract ids' }))
        .min(1, 'Choose at least one contract')
        .max(500),
    ),
});

export const contractPreview = z.object({ state: z.enum(['PENDING', 'READY']), file: z.string().nullable() });

export const contractTemplateRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  hellosign_template_id: z.string(),
  state: z.enum(['draft', 'ready']),
  file_name: z.string(),
  formFields: signatureFields,
  created_at: z.string(),
});
export type ContractTemplateRecord = z.infer<typeof contractTemplateRecord>;
export const listContractTemplatesQuery = z.object(pageQuery);
export const contractTemplatePage = z.object({ data: z.array(contractTemplateRecord), ...pageAnswer });
export type ContractTemplatePage = z.infer<typeof contractTemplatePage>;
/** The spec's body is template_id and title; formFields, when sent, replaces the template's own blocks. */
export const createContractTemplateBody = z.object({
  template_id: z.string().min(1).max(100),
  title: text('This field is required').trim().min(1, 'This field is required').max(200, 'Must be at most 200 characters'),
  formFields: signatureFields.min(1, contractMessages.missingBlocks).optional(),
});

/** The public signing page: what the signer sees, and what they send. */
export const signingView = z.object({
  title: z.string(),
  org_name: z.string(),
  signer_name: z.string(),
  signer_email: z.string(),
  expiration_date: z.string(),
  state: z.enum(['pending', 'ready', 'signed', 'canceled']),
  formFields: signatureFields,
});
export type SigningView = z.infer<typeof signingView>;
export const signContractBody = z.object({
  signer_name: text('This field is required').trim().min(1, 'This field is required').max(120, 'Must be at most 120 characters'),
  /** Typed: the name in a script font; drawn: a PNG data URL of the drawn strokes. */
  signature_type: z.enum(['typed', 'drawn']),
  signature_image: z
    .string()
    .max(800_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'Draw your signature')
    .optional(),
  consent: z.literal(true, { error: contractMessages.consentRequired }),
});
export type SignContractBody = z.input<typeof signContractBody>;
