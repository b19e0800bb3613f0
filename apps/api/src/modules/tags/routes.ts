import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTagsBody, enrollmentBody, enrollmentRecord, enrollmentsQuery, tagRecord } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createTags, enrollCreators, listEnrollments, listTags, toTagRecord, unenrollCreators } from './service.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Tags'];

export const tagRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: "The organization's tags", response: { 200: z.array(tagRecord), ...errorResponses } },
      },
      async (request) => (await listTags(deps.db, requireStaff(request).org_id)).map(toTagRecord),
    );

    app.post(
      '/tags',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary: 'Create tags (an array of {label}); existing labels are reused',
          body: createTagsBody,
          response: { 200: z.array(tagRecord), ...errorResponses },
        },
      },
      async (request) => (await createTags(deps.db, { org_id: requireStaff(request).org_id, body: request.body })).map(toTagRecord),
    );

    app.get(
      '/tags/enrollments',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Tag enrollments, optionally of one creator',
          querystring: enrollmentsQuery,
          response: { 200: z.array(enrollmentRecord), ...errorResponses },
        },
      },
      async (request) =>
        listEnrollments(deps.db, {
          org_id: requireStaff(request).org_id,
          creator_ids: request.query.creator_id ? [request.query.creator_id] : undefined,
        }),
    );

    app.post(
      '/tags/enrollment',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary: 'Tag creators (an array of {tag_id, creator_id})',
          body: enrollmentBody,
          response: { 200: z.array(enrollmentRecord), ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        await enrollCreators(deps.db, { org_id, body: request.body });
        return listEnrollments(deps.db, { org_id, creator_ids: request.body.map((item) => item.creator_id) });
      },
    );

    app.delete(
      '/tags/enrollment',
      {
        config: { policy: { who: STAFF, apiKey: 'creators:write' } },
        schema: {
          tags,
          summary: 'Untag creators (an array of {tag_id, creator_id})',
          body: enrollmentBody,
          response: { 200: z.array(enrollmentRecord), ...errorResponses },
        },
      },
      async (request) => {
        const { org_id } = requireStaff(request);
        await unenrollCreators(deps.db, { org_id, body: request.body });
        return listEnrollments(deps.db, { org_id, creator_ids: request.body.map((item) => item.creator_id) });
      },
    );
  };
