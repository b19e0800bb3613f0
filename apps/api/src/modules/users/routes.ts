import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteUserBody, listUsersQuery, memberRecord, messageAnswer, updateUserBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { toMemberRecord } from './records.ts';
import { deleteUser, findUser, inviteUser, listUsers, updateUser } from './service.ts';

const tags = ['Members, agents and managers'];

export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'Organization members, or agents and managers with isAgentManager=true',
          querystring: listUsersQuery,
          response: { 200: z.array(memberRecord), ...errorResponses },
        },
      },
      async (request) =>
        (await listUsers(deps.db, { org_id: requireStaff(request).org_id, isAgentManager: request.query.isAgentManager })).map(
          toMemberRecord,
        ),
    );

    app.get(
      '/users/:id',
      { schema: { tags, summary: 'One member, agent or manager', params: idParams, response: { 200: memberRecord, ...errorResponses } } },
      async (request) => toMemberRecord(await findUser(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id })),
    );

    app.post(
      '/users',
      {
        schema: {
          tags,
          summary: 'Invite a member (with a role) or add an agent or manager',
          body: inviteUserBody,
          response: { 200: memberRecord, ...errorResponses },
        },
      },
      async (request) => toMemberRecord(await inviteUser(deps, { actor: requireStaff(request), body: request.body })),
    );

    app.put(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Update a member, agent or manager',
          params: idParams,
          body: updateUserBody,
          response: { 200: memberRecord, ...errorResponses },
        },
      },
      async (request) =>
        toMemberRecord(await updateUser(deps, { actor: requireStaff(request), id: request.params.id, body: request.body })),
    );

    app.delete(
      '/users/:id',
      {
        schema: {
          tags,
          summary: 'Remove a member, agent or manager',
          params: idParams,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await deleteUser(deps, { actor: requireStaff(request), id: request.params.id });
        return { message: 'User removed' };
      },
    );
  };
