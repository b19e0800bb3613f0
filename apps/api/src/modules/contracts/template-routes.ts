import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractMessages,
  contractTemplatePage,
  contractTemplateRecord,
  createContractTemplateBody,
  listContractTemplatesQuery,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { configuredEsignProvider, DROPBOX_SIGN_PROVIDER, readAll, readPdf, type PdfThreads } from '../../providers/esign/index.ts';
import { fileStorage, type FileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { startDropboxSignTemplateDraft } from './dropbox-sign-templates.ts';
import { readContractMultipart } from './multipart.ts';
import { fieldsError } from './routes.ts';
import { findTemplate, listTemplatePage, saveTemplate, startTemplateDraft, toTemplateRecord } from './templates.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Contract templates'];

/** A draft uploaded before its page count was kept is read once more, in the PDF worker. */
async function storedPageCount(ctx: { storage: FileStorage; pdfThreads: PdfThreads }, key: string): Promise<number> {
  const pdf = await readPdf(ctx.pdfThreads, await readAll(await ctx.storage.read(key)));
  return pdf.ok ? pdf.pages.length : 0;
}
const templateParams = z.object({
  templateId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-]+$/, contractMessages.templateNotFound),
});
const embeddedFields = z.object({ title: z.string().trim().min(1, 'This field is required').max(200, 'Must be at most 200 characters') });

/** The organisation's one template: our embedded editor's calls (the multipart shares the contracts plugin's parser). */
export const contractTemplateRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);

    app.get(
      '/contract_templates',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The organisation's template (paged by page or starting_after like the contracts)",
          querystring: listContractTemplatesQuery,
          response: { 200: contractTemplatePage, ...errorResponses },
        },
      },
      async (request) => listTemplatePage(deps.db, requireStaff(request).org_id, request.query),
    );

    app.get(
      '/contract_templates/:templateId',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'A template or the draft being edited',
          params: templateParams,
          response: { 200: contractTemplateRecord, ...errorResponses },
        },
      },
      async (request) => toTemplateRecord(await findTemplate(deps.db, requireStaff(request).org_id, request.params.templateId)),
    );

    app.get(
      '/contract_templates/:templateId/file',
      { config: { policy: { who: STAFF, apiKey: 'read' } }, schema: { tags, summary: "A template's PDF", params: templateParams } },
      async (request, reply) => {
        const template = await findTemplate(deps.db, requireStaff(request).org_id, request.params.templateId);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(template.file_name))
          .header('cache-control', 'private, no-store')
          .send(await storage.read(template.storage_key));
      },
    );

    app.post(
      '/contract_templates/embedded',
      {
        config: { policy: { who: STAFF, apiKey: 'contracts:write' } },
        schema: {
          tags,
          summary: 'Start a template (multipart: file and title); answers edit_url of the block editor',
          consumes: ['multipart/form-data'],
          response: { 200: z.object({ edit_url: z.string(), template_id: z.string() }), ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const { fields, file } = await readContractMultipart(request);
        const parsed = embeddedFields.safeParse(fields);
        if (!parsed.success) throw fieldsError(parsed.error);
        const options = { org_id: user.org_id, title: parsed.data.title, file };
        // ESIGN_PROVIDER chooses whose editor opens: Dropbox Sign's embedded one, or our block editor.
        if (file && configuredEsignProvider(deps.config) === DROPBOX_SIGN_PROVIDER)
          return startDropboxSignTemplateDraft({ deps, storage }, { ...options, file });
        return startTemplateDraft({ db: deps.db, storage, pdfThreads: deps.kernel.clients.pdfThreads }, options);
      },
    );

    app.post(
      '/contract_templates',
      {
        config: { policy: { who: STAFF, apiKey: 'contracts:write' } },
        schema: {
          tags,
          summary: 'The editor saved: the draft becomes the template',
          body: createContractTemplateBody,
          response: { 200: contractTemplateRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const draft = await findTemplate(deps.db, user.org_id, request.body.template_id);
        const { formFields = draft.form_fields, ...body } = request.body;
        return saveTemplate(deps.db, {
          org_id: user.org_id,
          ...body,
          formFields,
          pageCount:
            draft.page_count ?? (await storedPageCount({ storage, pdfThreads: deps.kernel.clients.pdfThreads }, draft.storage_key)),
        });
      },
    );
  };
