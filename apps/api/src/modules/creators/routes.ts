import { loginAsMessages } from '@crewpay/core';
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_BULK_FILE_BYTES,
  canManageWallets,
  createCreatorBody,
  creatorExportQuery,
  creatorPage,
  creatorRecord,
  listCreatorsQuery,
  updateCreatorBody,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { resolveQuickbooksParty } from '../accounting/index.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { importRoutes } from './import-routes.ts';
import { allCreators, creatorsCsv } from './export.ts';
import { getCreator, listCreators } from './queries.ts';
import { createCreator, updateCreator } from './service.ts';
import { STAFF, type RoutePolicy } from '../../plugins/route-policy.ts';

const tags = ['Creators'];

/** Where a creator's money goes: their bank account, PayPal, Venmo and payout method. */
const PAYOUT_FIELDS = ['account_number', 'routing_number', 'selected_payment_method', 'paypal_email', 'venmo_phone_number'];
/** Who shares in it: the agent and manager paid a split of each payment. */
const SPLIT_FIELDS = ['agent_id', 'agent_split', 'manager_id', 'manager_split'];
/** Tax settings, which acting never changes either (they are the person's own word to the IRS). */
const TAX_FIELDS = ['state_tax_id', 'is_w2', 'custom_withholding_rate'];

/**
 * Adding a creator with bank details names where money goes: a person's act, with a fresh factor;
 * a key or an acting session adds the creator without them.
 */
const createPolicy: RoutePolicy = {
  who: STAFF,
  apiKey: { scope: 'creators:write', refusedWhen: { fields: ['account_number', 'routing_number'] } },
  acting: { refused: loginAsMessages.noPayoutDetails, when: { fields: ['account_number', 'routing_number'] } },
  freshFactor: { fields: ['account_number', 'routing_number'] },
  money: { kind: 'routes', act: 'Add a creator with their bank account', when: { fields: ['account_number', 'routing_number'] } },
};

/**
 * Editing a creator: payout fields and splits (issue 40, findings 3 and 14) change where money goes,
 * so never a key's or an acting session's act, and a person's with a fresh factor; split changes
 * are audited here (payout detail changes are recorded where they are made, payout-changes).
 */
const updatePolicy: RoutePolicy = {
  who: STAFF,
  apiKey: { scope: 'creators:write', refusedWhen: { fields: [...PAYOUT_FIELDS, ...SPLIT_FIELDS] } },
  acting: { refused: loginAsMessages.noPayoutDetails, when: { fields: [...PAYOUT_FIELDS, ...TAX_FIELDS, ...SPLIT_FIELDS] } },
  freshFactor: { fields: [...PAYOUT_FIELDS, ...SPLIT_FIELDS] },
  audit: { action: 'payee_split.change', when: { fields: SPLIT_FIELDS }, target: 'creator' },
  money: {
    kind: 'routes',
    act: "Change a creator's payout details, agent, manager or their splits",
    when: { fields: [...PAYOUT_FIELDS, ...SPLIT_FIELDS] },
  },
};

export const creatorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_BULK_FILE_BYTES, files: 1 } });
    app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: MAX_BULK_FILE_BYTES }, (_request, body, done) => done(null, body));

    app.get(
      '/creators',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: "The organization's creators, one page at a time",
          querystring: listCreatorsQuery,
          response: { 200: creatorPage, ...errorResponses },
        },
      },
      async (request) => listCreators(deps.db, { org_id: requireStaff(request).org_id, ...request.query }),
    );

    app.get(
      '/creators/export',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'creators_report.csv of the filtered list (formula-like cells escaped)', querystring: creatorExportQuery },
      },
      async (request, reply) => {
        const chunks = allCreators(deps.db, { org_id: requireStaff(request).org_id, ...request.query });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="creators_report.csv"')
          .header('cache-control', 'private, no-store')
          .send(Readable.from(creatorsCsv(chunks)));
      },
    );

    app.get(
      '/creators/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One creator', params: idParams, response: { 200: creatorRecord, ...errorResponses } },
      },
      async (request) => getCreator(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id }),
    );

    app.post(
      '/creators',
      {
        config: { policy: createPolicy },
        schema: {
          tags,
          summary: 'Add a creator and email them an invitation',
          body: createCreatorBody,
          response: { 200: creatorRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        return createCreator(deps, { org_id: user.org_id, created_by: user.id, body: request.body });
      },
    );

    app.put(
      '/creators/:id',
      {
        config: { policy: updatePolicy },
        schema: {
          tags,
          summary: 'Update a creator (the id plus the changed fields)',
          params: idParams,
          body: updateCreatorBody,
          response: { 200: creatorRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        // Employment and withholding decide how much tax is kept back: owners and admins only.
        const touchesWithholding = request.body.is_w2 !== undefined || request.body.custom_withholding_rate !== undefined;
        if (touchesWithholding && !canManageWallets(user.role)) {
          throw new AppError('forbidden', 'Only an owner or admin can change W-2 status or the withholding rate');
        }
        const { qb_vendor, ...rest } = request.body;
        // The accounting vendor link is checked against the company's vendors (outside any transaction).
        const body =
          qb_vendor === undefined ? rest : { ...rest, qb_vendor: await resolveQuickbooksParty(deps, user.org_id, 'vendor', qb_vendor) };
        return updateCreator(deps, {
          org_id: user.org_id,
          id: request.params.id,
          body,
          actor: user,
          audit: (tx) => request.recordAudit(tx),
        });
      },
    );

    await app.register(importRoutes(deps));
  };
