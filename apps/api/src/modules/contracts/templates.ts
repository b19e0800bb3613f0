import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { contractMessages, type ContractTemplatePage, type ContractTemplateRecord, type SignatureField } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { contractTemplates, type ContractTemplate } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { afterPosition, cursorMicros, decodeCursor, keysetPage } from '../../lib/keyset.ts';
import type { PageOptions } from './queries.ts';
import type { PdfThreads } from '../../providers/esign/index.ts';
import type { FileStorage } from '../../providers/storage/index.ts';
import { checkBlocksFit, checkContractPdf, pdfFileName, storePdf, type Upload } from './service.ts';

export function toTemplateRecord(row: ContractTemplate): ContractTemplateRecord {
  return {
    id: row.id,
    title: row.title,
    hellosign_template_id: row.hellosign_template_id,
    state: row.state,
    file_name: row.file_name,
    formFields: row.form_fields,
    created_at: row.created_at.toISOString(),
  };
}

const readyTemplates = (orgId: string) => and(eq(contractTemplates.org_id, orgId), eq(contractTemplates.state, 'ready'));
const newestFirst = [desc(contractTemplates.created_at), desc(contractTemplates.id)];

/** One page of the organisation's ready templates (the spec allows one; paged like every list). */
export async function listTemplatePage(db: DbOrTx, orgId: string, options: PageOptions): Promise<ContractTemplatePage> {
  const position = options.starting_after ? decodeCursor(options.starting_after) : null;
  const where = readyTemplates(orgId);
  const pageRows = db
    .select({ template: contractTemplates, id: contractTemplates.id, cursor_us: cursorMicros(contractTemplates.created_at) })
    .from(contractTemplates)
    .where(position ? and(where, afterPosition(contractTemplates.created_at, contractTemplates.id, position)) : where)
    .orderBy(...newestFirst)
    .limit(options.page_size + 1)
    .offset(position ? 0 : options.page * options.page_size);
  const [found, totalRows] = await Promise.all([
    pageRows,
    position ? null : db.select({ total: count() }).from(contractTemplates).where(where),
  ]);
  const { rows, has_more, next_cursor } = keysetPage(found, options.page_size);
  return {
    data: rows.map((row) => toTemplateRecord(row.template)),
    total: totalRows ? (totalRows[0]?.total ?? 0) : null,
    page: options.page,
    page_size: options.page_size,
    has_more,
    next_cursor,
  };
}

/** A template of the organisation by our id or its editor id (hellosign_template_id). */
export async function findTemplate(db: DbOrTx, orgId: string, templateId: string): Promise<ContractTemplate> {
  const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(templateId);
  const [row] = await db
    .select()
    .from(contractTemplates)
    .where(
      and(
        eq(contractTemplates.org_id, orgId),
        isUuid ? eq(contractTemplates.id, templateId) : eq(contractTemplates.hellosign_template_id, templateId),
      ),
    );
  if (!row) throw new AppError('not_found', contractMessages.templateNotFound);
  return row;
}

export async function assertNoReadyTemplate(db: DbOrTx, orgId: string) {
  const [ready] = await db.select({ id: contractTemplates.id }).from(contractTemplates).where(readyTemplates(orgId)).limit(1);
  if (ready) throw new AppError('conflict', contractMessages.templateExists);
}

/**
 * The embedded editor's first step: the PDF is checked and kept as the organisation's draft
 * (a previous draft is replaced); the answer's edit_url opens our block editor on it.
 */
export async function startTemplateDraft(
  ctx: { db: DbOrTx; storage: FileStorage; pdfThreads: PdfThreads },
  options: { org_id: string; title: string; file?: Upload },
): Promise<{ edit_url: string; template_id: string }> {
  if (!options.file) throw new AppError('validation_error', contractMessages.badPdf, { field: 'file' });
  const pages = await checkContractPdf(ctx.pdfThreads, options.file);
  await assertNoReadyTemplate(ctx.db, options.org_id);
  const id = newId();
  const key = `contract-templates/${options.org_id}/${id}`;
  const sha = await storePdf(ctx.storage, key, options.file.bytes);
  const templateId = randomBytes(16).toString('hex');
  const drafts = await ctx.db
    .delete(contractTemplates)
    .where(and(eq(contractTemplates.org_id, options.org_id), eq(contractTemplates.state, 'draft')))
    .returning({ key: contractTemplates.storage_key });
  for (const draft of drafts) await ctx.storage.remove(draft.key);
  await ctx.db.insert(contractTemplates).values({
    id,
    org_id: options.org_id,
    title: options.title,
    hellosign_template_id: templateId,
    state: 'draft',
    file_name: pdfFileName(options.file.file_name),
    storage_key: key,
    sha256: sha,
    size: options.file.bytes.length,
    page_count: pages.length,
  });
  return { edit_url: `/contracts/templates/${templateId}/edit`, template_id: templateId };
}

/** The editor's createTemplate: the draft gets its blocks and title and becomes the organisation's template. */
export async function saveTemplate(
  db: DbOrTx,
  options: { org_id: string; template_id: string; title: string; formFields: SignatureField[]; pageCount: number },
): Promise<ContractTemplateRecord> {
  const template = await findTemplate(db, options.org_id, options.template_id);
  if (template.state === 'ready') throw new AppError('conflict', contractMessages.templateExists);
  checkBlocksFit(options.formFields, options.pageCount);
  try {
    const [saved] = await db
      .update(contractTemplates)
      .set({ state: 'ready', title: options.title, form_fields: options.formFields })
      .where(and(eq(contractTemplates.org_id, options.org_id), eq(contractTemplates.id, template.id), eq(contractTemplates.state, 'draft')))
      .returning();
    if (!saved) throw new AppError('conflict', contractMessages.templateExists);
    return toTemplateRecord(saved);
  } catch (error) {
    // The partial unique index: another template became ready first.
    if ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505')
      throw new AppError('conflict', contractMessages.templateExists);
    throw error;
  }
}
