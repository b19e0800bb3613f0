import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { ProviderEventHandler } from '../../events/dispatcher.ts';
import { contractTemplates, providerCalls } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { DROPBOX_SIGN_PROVIDER, dropboxSign, readAll } from '../../providers/esign/index.ts';
import { fileStorage, type FileStorage } from '../../providers/storage/index.ts';
import { recordProviderCall, runDueProviderCalls, type ProviderOperation } from '../provider-calls/index.ts';
import { checkContractPdf, pdfFileName, storePdf, type Upload } from './service.ts';
import { assertNoReadyTemplate } from './templates.ts';

const CREATE_EMBEDDED_TEMPLATE = 'template.create_embedded_draft';
const TEMPLATE_CREATED_EVENT = 'template.created';

/** The answer when Dropbox Sign's editor could not be opened now (the call failed or waits for its retry). */
const EDITOR_UNAVAILABLE = 'Dropbox Sign could not open the template editor. Try again in a moment.';

type DraftCall = { template_row_id: string; title: string; storage_key: string; file_name: string };
type DraftAnswer = { template_id: string; edit_url: string };

/**
 * The embedded template draft at Dropbox Sign: the stored PDF is uploaded with one signer role,
 * the answer's template id is kept on our draft (its fields stay at Dropbox Sign) and its
 * edit_url opens Dropbox Sign's editor in the page (hellosign-embedded with our client id).
 */
export const embeddedTemplateOperation: ProviderOperation<DraftCall, DraftAnswer> = {
  provider: DROPBOX_SIGN_PROVIDER,
  operation: CREATE_EMBEDDED_TEMPLATE,
  async call(deps, request, ctx) {
    const bytes = await readAll(await fileStorage(deps).read(request.storage_key));
    return dropboxSign(deps).createEmbeddedTemplate({
      org_id: ctx.org_id,
      title: request.title,
      file: { name: request.file_name, bytes },
    });
  },
  async onSucceeded({ tx }, call, answer) {
    await tx
      .update(contractTemplates)
      .set({ hellosign_template_id: answer.template_id })
      .where(and(eq(contractTemplates.org_id, call.org_id), eq(contractTemplates.id, call.subject_id ?? '')));
  },
};

/**
 * POST /v1/contract_templates/embedded with ESIGN_PROVIDER=dropbox_sign: the draft and the call
 * are recorded in one transaction, then the call is made at once with none open, since the sender
 * waits for the editor. A call that did not succeed now answers 503; its retry only names a draft.
 */
export async function startDropboxSignTemplateDraft(
  ctx: { deps: AppDeps; storage: FileStorage },
  options: { org_id: string; title: string; file: Upload },
): Promise<DraftAnswer> {
  const pages = await checkContractPdf(ctx.deps.kernel.clients.pdfThreads, options.file);
  await assertNoReadyTemplate(ctx.deps.db, options.org_id);
  const id = newId();
  const key = `contract-templates/${options.org_id}/${id}`;
  const sha = await storePdf(ctx.storage, key, options.file.bytes);
  const file_name = pdfFileName(options.file.file_name);
  const callId = await ctx.deps.db.transaction(async (tx) => {
    const drafts = await tx
      .delete(contractTemplates)
      .where(and(eq(contractTemplates.org_id, options.org_id), eq(contractTemplates.state, 'draft')))
      .returning({ key: contractTemplates.storage_key });
    for (const draft of drafts) await ctx.storage.remove(draft.key);
    await tx.insert(contractTemplates).values({
      id,
      org_id: options.org_id,
      title: options.title,
      // Dropbox Sign's template id replaces it when its answer comes.
      hellosign_template_id: `pending-${randomBytes(8).toString('hex')}`,
      esign_provider: DROPBOX_SIGN_PROVIDER,
      state: 'draft',
      file_name,
      storage_key: key,
      sha256: sha,
      size: options.file.bytes.length,
      page_count: pages.length,
    });
    const request: DraftCall = { template_row_id: id, title: options.title, storage_key: key, file_name };
    return recordProviderCall(tx, {
      org_id: options.org_id,
      provider: DROPBOX_SIGN_PROVIDER,
      operation: CREATE_EMBEDDED_TEMPLATE,
      idempotency_key: `contract_template:${id}:embedded_draft`,
      subject_id: id,
      request,
    });
  });
  await runDueProviderCalls(ctx.deps, { ids: [callId] });
  const [call] = await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.id, callId));
  if (call?.status !== 'succeeded') throw new AppError('provider_unavailable', EDITOR_UNAVAILABLE);
  return call.response as DraftAnswer;
}

/**
 * Dropbox Sign's template_created: the sender saved the template in its editor, so our draft of
 * that template becomes the organisation's template. Before the draft knows its template id (the
 * create call's answer not recorded yet) the event waits.
 */
export const templateCreatedHandler: ProviderEventHandler = {
  handles: (type) => type === TEMPLATE_CREATED_EVENT,
  async apply({ tx }, event) {
    const [template] = await tx
      .select()
      .from(contractTemplates)
      .where(and(eq(contractTemplates.org_id, event.org_id), eq(contractTemplates.hellosign_template_id, event.object_id)));
    if (!template) return 'retry_later';
    if (template.state === 'ready') return;
    const [ready] = await tx
      .select({ id: contractTemplates.id })
      .from(contractTemplates)
      .where(and(eq(contractTemplates.org_id, event.org_id), eq(contractTemplates.state, 'ready')))
      .limit(1);
    // One template per organisation (the spec's): a second saved one stays a draft.
    if (ready) return;
    await tx
      .update(contractTemplates)
      .set({ state: 'ready' })
      .where(and(eq(contractTemplates.id, template.id), eq(contractTemplates.state, 'draft')));
  },
};
