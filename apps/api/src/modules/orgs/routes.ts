import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrgBody, orgRecord, updateOrgBody, updatePlanBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireAuth, requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createOrg, findOrg, listUserOrgs, toOrgRecord, updateOrg, updatePlan } from './service.ts';
import { MANAGERS } from '../../plugins/route-policy.ts';

const tags = ['Organization'];

export const orgRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/org',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: "The caller's organization", response: { 200: orgRecord, ...errorResponses } },
      },
      async (request) => {
        const { user, actor } = requireAuth(request);
        if (!user.is_external) return toOrgRecord(await findOrg(deps.db, user.org_id));
        // A creator or customer works with several organisations (GET /v1/orgs); while someone acts as
        // them, only the acting organisation. Never an organisation's provider accounts.
        const org = actor ? await findOrg(deps.db, actor.org_id) : await findOrg(deps.db, user.org_id);
        return { ...toOrgRecord(org), treasury_id: null, connect_id: null };
      },
    );

    app.get(
      '/orgs',
      {
        config: { policy: { who: 'signed_in', apiKey: 'read' } },
        schema: { tags, summary: "The caller's organizations", response: { 200: z.array(orgRecord), ...errorResponses } },
      },
      async (request) => {
        const { user, actor } = requireAuth(request);
        const found = (await listUserOrgs(deps, { user, onlyOrgId: actor?.org_id ?? null })).map(toOrgRecord);
        // Creators and customers see who they work with, not the organisation's provider accounts.
        return user.is_external ? found.map((org) => ({ ...org, treasury_id: null, connect_id: null })) : found;
      },
    );

    app.post(
      '/org',
      {
        config: { policy: { who: 'signed_in', apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Create an organization (the caller becomes its owner)',
          body: createOrgBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => toOrgRecord(await createOrg(deps, { user: requireAuth(request).user, ...request.body })),
    );

    app.put(
      '/org',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: { tags, summary: 'Update the organization', body: updateOrgBody, response: { 200: orgRecord, ...errorResponses } },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return toOrgRecord(await updateOrg(deps, { org_id: user.org_id, changes: request.body }));
      },
    );

    app.put(
      '/org/plan',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Upgrade the plan (free to standard)',
          body: updatePlanBody,
          response: { 200: orgRecord, ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return toOrgRecord(await updatePlan(deps, { org_id: user.org_id, plan: request.body.plan }));
      },
    );
  };
