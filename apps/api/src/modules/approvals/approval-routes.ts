import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalDecisionAnswer,
  approvalMessages,
  approvalQueue,
  approvalQueueQuery,
  approvalRules,
  approvalRulesBody,
  approveBody,
  rejectBody,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { recordAudit } from '../audit/index.ts';
import { approvePayment, rejectPayment } from './approval-decisions.ts';
import { listApprovalQueue } from './approval-queue.ts';
import { readApprovalRules } from '../payments/index.ts';
import { saveApprovalRules } from './approval-settings.ts';
import { MANAGERS, OWNER, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Approvals'];
/** Approvers are the organisation's owners and admins (Settings > Approvals): team members only create payments. */
const APPROVERS = ['owner', 'admin'] as const;

export const approvalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/approvals/rules',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'Settings > Approvals: which executed payments wait for approval',
          response: { 200: approvalRules, ...errorResponses },
        },
      },
      async (request) => readApprovalRules(deps.db, requireStaff(request, APPROVERS).org_id),
    );

    app.put(
      '/approvals/rules',
      {
        config: {
          policy: moneyAct({
            who: OWNER,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Approval rules (which payments need a second person before they leave)' },
          }),
        },
        schema: {
          tags,
          summary: 'Set the approval rules (owners)',
          body: approvalRulesBody,
          response: { 200: approvalRules.extend({ message: approvalDecisionAnswer.shape.message }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request, ['owner']);
        const rules = await deps.db.transaction(async (tx) => {
          const saved = await saveApprovalRules(tx, user.org_id, user.id, request.body);
          await recordAudit(tx, {
            org_id: user.org_id,
            actor_user_id: user.id,
            user_id: user.id,
            action: 'approval_rules.update',
            status_code: 200,
            details: { ...saved },
          });
          return saved;
        });
        return { ...rules, message: approvalMessages.saved };
      },
    );

    app.get(
      '/approvals',
      {
        config: { policy: { who: MANAGERS, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'The Approvals queue: payments awaiting approval, oldest first, a page at a time (starting_after = next_cursor)',
          querystring: approvalQueueQuery,
          response: { 200: approvalQueue, ...errorResponses },
        },
      },
      async (request) => listApprovalQueue(deps.db, requireStaff(request, APPROVERS), request.query),
    );

    app.post(
      '/approvals/:id/approve',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Approve a payment waiting for approval (it executes)' },
          }),
        },
        schema: {
          tags,
          summary: "Approve a payment (the payment's id); the last approval it needs sends it",
          description: 'Owner and admin, never its creator or executor, never an API key. Accepts an Idempotency-Key header.',
          params: idParams,
          body: approveBody,
          response: { 200: approvalDecisionAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, APPROVERS);
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'approvals.approve' }, (tx, afterCommit) =>
          approvePayment(deps, { tx, afterCommit }, user, request.params.id, request.body.reason),
        );
      },
    );

    app.post(
      '/approvals/:id/reject',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none', acting: { refused: loginAsMessages.noApproving }, freshFactor: 'always' } },
        schema: {
          tags,
          summary: "Reject a payment (the payment's id) with a reason: it is canceled and its money released",
          description: 'Owner and admin, never its creator or executor, never an API key. Accepts an Idempotency-Key header.',
          params: idParams,
          body: rejectBody,
          response: { 200: approvalDecisionAnswer, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, APPROVERS);
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'approvals.reject' }, (tx, afterCommit) =>
          rejectPayment(deps, { tx, afterCommit }, user, request.params.id, request.body.reason),
        );
      },
    );
  };
