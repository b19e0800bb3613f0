import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { invoiceMessages, MAX_CAMPAIGN_FILE_BYTES } from '@crewpay/core';
import type { Db } from '../../db/client.ts';
import { invoiceAttachments, invoices, type EmailAttachment, type InvoiceAttachment } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { FileStorage } from '../../providers/storage/index.ts';
import { detectFileType, sanitizeFileName } from '../files/index.ts';

type Ctx = { db: Db; storage: FileStorage };

/** POST /v1/invoices/attachment: a PDF by its bytes (not its name or declared type), at most 25 MB. */
export async function uploadInvoiceAttachment(
  ctx: Ctx,
  options: { org_id: string; user_id: string; file_name: string; bytes: Buffer },
): Promise<{ id: string; file_name: string }> {
  if (
    options.bytes.length === 0 ||
    options.bytes.length > MAX_CAMPAIGN_FILE_BYTES ||
    detectFileType(options.bytes, options.file_name) !== 'application/pdf'
  )
    throw new AppError('validation_error', invoiceMessages.attachment, { field: 'file' });
  const id = newId();
  const key = `invoice-attachments/${options.org_id}/${id}`;
  await ctx.storage.put(key, options.bytes);
  try {
    const [row] = await ctx.db
      .insert(invoiceAttachments)
      .values({
        id,
        org_id: options.org_id,
        file_name: sanitizeFileName(options.file_name, 'application/pdf'),
        size: options.bytes.length,
        sha256: createHash('sha256').update(options.bytes).digest('hex'),
        storage_key: key,
        uploaded_by: options.user_id,
      })
      .returning();
    return { id: row!.id, file_name: row!.file_name };
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  }
}

/** The attachment of an invoice, for the emailed link (the link decides which invoice). */
export async function openInvoiceAttachment(
  ctx: Ctx,
  options: { org_id: string; invoice_id: string },
): Promise<{ file: InvoiceAttachment; stream: Readable }> {
  const [row] = await ctx.db
    .select({ file: invoiceAttachments })
    .from(invoices)
    .innerJoin(invoiceAttachments, eq(invoiceAttachments.id, invoices.attachment_id))
    .where(and(eq(invoices.org_id, options.org_id), eq(invoices.id, options.invoice_id)));
  if (!row) throw new AppError('not_found', 'Attachment not found');
  return { file: row.file, stream: await ctx.storage.read(row.file.storage_key) };
}

/**
 * The invoice's PDF as an email attachment. Read before the sending transaction opens (storage
 * may be remote); an id that is not the organisation's gives null and the transaction refuses it.
 */
export async function invoiceAttachmentForEmail(
  ctx: Ctx,
  options: { org_id: string; attachment_id: string | null | undefined },
): Promise<EmailAttachment | null> {
  if (!options.attachment_id) return null;
  const [file] = await ctx.db
    .select()
    .from(invoiceAttachments)
    .where(and(eq(invoiceAttachments.org_id, options.org_id), eq(invoiceAttachments.id, options.attachment_id)));
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await ctx.storage.read(file.storage_key)) chunks.push(Buffer.from(chunk as Buffer));
  return { filename: file.file_name, content_type: 'application/pdf', content_base64: Buffer.concat(chunks).toString('base64') };
}
