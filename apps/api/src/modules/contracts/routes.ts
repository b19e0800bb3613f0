import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractExportQuery,
  contractMessages,
  contractPage,
  contractPreview,
  contractRecord,
  contractReminderBody,
  createContractFields,
  listContractsQuery,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { readAll } from '../../providers/esign/index.ts';
import { fileStorage } from '../../providers/storage/index.ts';
import { attachmentDisposition } from '../files/index.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { sendQueuedSms } from '../sms/index.ts';
import { jsonField, readContractMultipart } from './multipart.ts';
import { contractsCsv } from './csv.ts';
import { allContracts, findContractRow, listContractPage, orgScope, toContractRecord } from './queries.ts';
import { createContract, invalidateContract, sendContractReminders } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Contracts'];
export const fileQuery = z.object({ version: z.enum(['original', 'signed']).default('signed') });
const previewQuery = z.object({ contractId: z.uuid({ error: contractMessages.notFound }) });

/** The first zod issue as the answer's message and field. */
export function fieldsError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  return new AppError('validation_error', issue?.message ?? 'Invalid request', { field: issue?.path.join('.') ?? '' });
}

/** Which stored file a download answers: the signed copy when asked and present, else the original. */
export function fileOf(contract: { original_key: string; signed_key: string | null; file_name: string }, version: 'original' | 'signed') {
  if (version === 'signed' && contract.signed_key) return { key: contract.signed_key, name: contract.file_name };
  return { key: contract.original_key, name: contract.file_name };
}

/** Staff (owner, admin, team member) create, list, view, invalidate and remind contracts. */
export const contractRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = fileStorage(deps);

    app.get(
      '/contracts',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Contracts, newest first (filters: campaign, recipient, display status; paged by page or starting_after)',
          querystring: listContractsQuery,
          response: { 200: contractPage, ...errorResponses },
        },
      },
      async (request) => listContractPage(deps.db, requireStaff(request).org_id, request.query),
    );

    app.get(
      '/contracts/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'contracts_report.csv of the filtered list (formula-like cells escaped)',
          querystring: contractExportQuery,
        },
      },
      async (request, reply) => {
        const chunks = allContracts(deps.db, requireStaff(request).org_id, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contracts_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(contractsCsv(chunks)));
      },
    );

    app.get(
      '/contracts/preview',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "A contract's PDF as base64 (state PENDING while the document is being created)",
          querystring: previewQuery,
          response: { 200: contractPreview, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const { contract } = await findContractRow(deps.db, orgScope(user.org_id), request.query.contractId);
        if (contract.preview_state !== 'ready') return { state: 'PENDING' as const, file: null };
        const file = fileOf(contract, 'signed');
        return { state: 'READY' as const, file: (await readAll(await storage.read(file.key))).toString('base64') };
      },
    );

    app.get(
      '/contracts/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One contract', params: idParams, response: { 200: contractRecord, ...errorResponses } },
      },
      async (request) => toContractRecord(await findContractRow(deps.db, orgScope(requireStaff(request).org_id), request.params.id)),
    );

    app.get(
      '/contracts/:id/file',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'Download the original or the signed PDF', params: idParams, querystring: fileQuery },
      },
      async (request, reply) => {
        const { contract } = await findContractRow(deps.db, orgScope(requireStaff(request).org_id), request.params.id);
        if (contract.status === 'canceled') throw new AppError('conflict', contractMessages.invalidated);
        const file = fileOf(contract, request.query.version);
        const stream: Readable = await storage.read(file.key);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    app.post(
      '/contracts',
      {
        config: { policy: { who: STAFF, apiKey: 'contracts:write' } },
        schema: {
          tags,
          summary: 'Create a contract (multipart): a signature request with signature blocks, or an already-signed plain file',
          consumes: ['multipart/form-data'],
          response: { 200: contractRecord, ...errorResponses, 415: errorResponses[400] },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const { fields, file } = await readContractMultipart(request);
        const parsed = createContractFields.safeParse({
          ...fields,
          payment_group_id: fields.payment_group_id || undefined,
          template_id: fields.template_id || undefined,
          formFields: jsonField(fields, 'formFields'),
        });
        if (!parsed.success) throw fieldsError(parsed.error);
        return createContract({ deps, storage }, { ...parsed.data, org_id: user.org_id, user_id: user.id, file });
      },
    );

    app.put(
      '/contracts/:id/invalidate',
      {
        config: {
          policy: {
            who: STAFF,
            apiKey: 'contracts:write',
            audit: { action: 'contract.invalidate', details: () => ({}), target: 'contract' },
          },
        },
        schema: { tags, summary: 'Invalidate a sent contract', params: idParams, response: { 200: contractRecord, ...errorResponses } },
      },
      async (request) => invalidateContract(deps, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/contracts/reminders',
      {
        config: { policy: { who: STAFF, apiKey: 'contracts:write' } },
        schema: {
          tags,
          summary: 'Send each chosen sent contract’s recipient a new signing link, by email or SMS (ids comma-joined)',
          body: contractReminderBody,
          response: { 200: z.object({ message: z.string(), count: z.number().int() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const sent = await sendContractReminders(deps, { org_id: user.org_id, ...request.body });
        await sendQueuedEmails(deps.jobs, sent.emailIds);
        await sendQueuedSms(deps, sent.smsIds);
        return { message: contractMessages.remindersSent, count: sent.count };
      },
    );
  };
