import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteUserBody, loginAsMessages, staffRoles, listUsersQuery, memberRecord, messageAnswer, updateUserBody } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { toMemberRecord } from './records.ts';
import { deleteUser, findUser, inviteUser, listUsers, updateUser } from './service.ts';
import { STAFF, fieldNames, type RoutePolicy } from '../../plugins/route-policy.ts';

const tags = ['Members, agents and managers'];

/**
 * The role a body names, when it is one: the audit runs on refused requests too, whose body was
 * never validated (a role holding a NUL once failed the insert and answered a 500 with its SQL).
 */
const knownRole = (role: unknown): string | null =>
  typeof role === 'string' && (staffRoles as readonly string[]).includes(role) ? role : null;

/**
 * Adding an agent or manager (a payee, paid through links sent to their email) names where money
 * goes: a person's act with a fresh factor, never while acting. Invitations are audited.
 */
const invitePolicy: RoutePolicy = {
  who: STAFF,
  apiKey: 'people_only',
  acting: { refused: loginAsMessages.noPayoutDetails, when: { flags: ['is_agent', 'is_manager'] } },
  freshFactor: { flags: ['is_agent', 'is_manager'] },
  audit: { action: 'member.invite', details: (request) => ({ role: knownRole((request.body as { role?: unknown } | null)?.role) ?? '' }) },
  money: { kind: 'routes', act: 'Add an agent or manager (where their payout links go)', when: { flags: ['is_agent', 'is_manager'] } },
};

/** A role change, and an agent's or manager's email (where their payout links go), ask for a fresh factor. */
const updatePolicy: RoutePolicy = {
  who: STAFF,
  apiKey: 'people_only',
  acting: { refused: loginAsMessages.noPayoutDetails, when: { fields: ['email'] } },
  freshFactor: { fields: ['role', 'email'] },
  audit: {
    action: 'member.update',
    details: (request) => {
      const role = knownRole((request.body as { role?: unknown } | null)?.role);
      return { ...fieldNames(request.body), ...(role ? { role } : {}) };
    },
  },
  money: { kind: 'routes', act: "Change an agent's or manager's email (where their payout links go)", when: { fields: ['email'] } },
};

export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
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
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: { tags, summary: 'One member, agent or manager', params: idParams, response: { 200: memberRecord, ...errorResponses } },
      },
      async (request) => toMemberRecord(await findUser(deps.db, { org_id: requireStaff(request).org_id, id: request.params.id })),
    );

    app.post(
      '/users',
      {
        config: { policy: invitePolicy },
        schema: {
          tags,
          summary: 'Invite a member (with a role) or add an agent or manager',
          body: inviteUserBody,
          response: { 200: memberRecord, ...errorResponses },
        },
      },
      async (request) =>
        toMemberRecord(
          await inviteUser(deps, { actor: requireStaff(request), body: request.body, audit: (tx) => request.recordAudit(tx) }),
        ),
    );

    app.put(
      '/users/:id',
      {
        config: { policy: updatePolicy },
        schema: {
          tags,
          summary: 'Update a member, agent or manager',
          params: idParams,
          body: updateUserBody,
          response: { 200: memberRecord, ...errorResponses },
        },
      },
      async (request) =>
        toMemberRecord(
          await updateUser(deps, {
            actor: requireStaff(request),
            id: request.params.id,
            body: request.body,
            audit: (tx) => request.recordAudit(tx),
          }),
        ),
    );

    app.delete(
      '/users/:id',
      {
        config: { policy: { who: STAFF, apiKey: 'people_only', audit: { action: 'member.remove', details: () => ({}) } } },
        schema: {
          tags,
          summary: 'Remove a member, agent or manager',
          params: idParams,
          response: { 200: messageAnswer, ...errorResponses },
        },
      },
      async (request) => {
        await deleteUser(deps, { actor: requireStaff(request), id: request.params.id, audit: (tx) => request.recordAudit(tx) });
        return { message: 'User removed' };
      },
    );
  };
