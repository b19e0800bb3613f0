import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentGateAnswer, paymentGateBody, paymentGateMessages } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/index.ts';
import { errorResponses, idParams } from '../../lib/schemas.ts';
import { gateOf, setGate } from './gate-settings.ts';
import { STAFF } from '../../plugins/route-policy.ts';

const tags = ['Payments'];

/**
 * What a campaign's payment waits for before it can execute (issue 31): staff set it on a draft,
 * as they edit it; executing stays with owners and admins. Closed to API keys (api-key-rules.ts).
 */
export const paymentGateRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payments/:id/gate',
      {
        config: { policy: { who: STAFF, apiKey: 'read' } },
        schema: {
          tags,
          summary: 'What the payment waits for (the signed contract, an approved deliverable) and why it waits now',
          params: idParams,
          response: { 200: paymentGateAnswer, ...errorResponses },
        },
      },
      async (request) => gateOf(deps.db, requireStaff(request).org_id, request.params.id),
    );

    app.put(
      '/payments/:id/gate',
      {
        config: { policy: { who: STAFF, apiKey: 'none' } },
        schema: {
          tags,
          summary: "Make a campaign's draft payment wait for the creator's signed contract and/or an approved deliverable",
          params: idParams,
          body: paymentGateBody,
          response: { 200: paymentGateAnswer.extend({ message: z.string() }), ...errorResponses },
        },
      },
      async (request) => {
        const user = requireStaff(request);
        const gate = await deps.db.transaction(async (tx) => {
          const saved = await setGate(tx, user.org_id, request.params.id, request.body, user.id);
          // What the payment now requires, in the change's transaction (ids and flags: no personal data).
          await recordAudit(tx, {
            org_id: user.org_id,
            actor_user_id: request.auth?.actor?.id ?? user.id,
            user_id: user.id,
            action: 'payments.gate_change',
            target_id: saved.payment_id,
            target_type: 'payment',
            status_code: 200,
            details: { requires_contract: saved.requires_contract, deliverable_id: saved.deliverable_id },
          });
          return saved;
        });
        return { ...gate, message: paymentGateMessages.saved };
      },
    );
  };
