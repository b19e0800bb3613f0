import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  backupWithholdingBody,
  backupWithholdingSetting,
  foreignPayee,
  foreignPayeesQuery,
  paymentBackupWithholding,
  w9Payees,
  w9PayeesQuery,
  w9RequestBody,
  w9RequestResult,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { listForeignPayees } from './foreign-payees.ts';
import { BACKUP_WITHHOLDING_RATE, findBackupWithholding, isBackupWithholdingOn, setBackupWithholding } from '../payments/index.ts';
import { MANAGERS, STAFF, OWNER } from '../../plugins/route-policy.ts';
import { listW9Payees, requestW9s } from './w9-requests.ts';

const tags = ['Taxes'];
/** Turning withholding on or off changes what payees are paid: the owners' decision. */
const SETTERS = ['owner'] as const;

/** The Taxes page's backup withholding card and Foreign payees list, and what a payment had withheld. */
export const backupWithholdingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const answer = (enabled: boolean) => ({ enabled, rate: BACKUP_WITHHOLDING_RATE });
    app.get(
      '/taxes/backup_withholding',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'Whether backup withholding is on', response: { 200: backupWithholdingSetting, ...errorResponses } },
      },
      async (request) => answer(await isBackupWithholdingOn(deps.db, requireStaff(request).org_id)),
    );
    app.put(
      '/taxes/backup_withholding',
      {
        config: { policy: { who: OWNER, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Turn backup withholding (24% from payees without a W-9) on or off (owners)',
          body: backupWithholdingBody,
          response: { 200: backupWithholdingSetting, ...errorResponses },
        },
      },
      async (request) => answer(await setBackupWithholding(deps.db, requireStaff(request, SETTERS).org_id, request.body.enabled)),
    );
    app.get(
      '/taxes/backup_withholding/payees',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary:
            'The payees backup withholding applies to (no W-9 or W-8 on file): their count, and one page by name with their W-9 request',
          querystring: w9PayeesQuery,
          response: { 200: w9Payees, ...errorResponses },
        },
      },
      async (request) => listW9Payees(deps.db, requireStaff(request).org_id, request.query.page, request.query.payee_id),
    );
    app.post(
      '/taxes/backup_withholding/w9_requests',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Email a W-9 request (a reminder when asked before) to these payees without a W-9, or all of them (owners, admins)',
          body: w9RequestBody,
          response: { 200: w9RequestResult, ...errorResponses },
        },
      },
      async (request) => {
        const { org_id, id: requestedBy } = requireStaff(request, MANAGERS);
        const now = await sandboxNow(deps.db);
        return deps.db.transaction((tx) =>
          requestW9s(tx, { orgId: org_id, payeeIds: request.body.payee_ids, publicUrl: deps.config.publicUrl, now, requestedBy }),
        );
      },
    );
    app.get(
      '/taxes/foreign_payees',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Foreign payees (W-8BEN/W-8BEN-E) paid in the year, for Form 1042-S',
          querystring: foreignPayeesQuery,
          response: { 200: z.array(foreignPayee), ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        const year = request.query.year ?? (await sandboxNow(deps.db)).getUTCFullYear();
        return listForeignPayees(deps.db, org_id, year);
      },
    );
    app.get(
      '/payments/:id/backup_withholding',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'The backup withholding kept back from a payment (null: none)',
          params: idParams,
          response: { 200: paymentBackupWithholding, ...errorResponses },
        },
      },
      async (request) => findBackupWithholding(deps.db, requireStaff(request).org_id, request.params.id),
    );
  };
