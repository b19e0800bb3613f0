import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achDebitBody,
  achTransferBody,
  attachBankBody,
  type AttachBankBody,
  loadFundsBody,
  setupIntentRecord,
  treasuryTransactionAnswer,
  loginAsMessages,
} from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import { requireStaff } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { errorResponses } from '../../lib/schemas.ts';
import { createAchDebit, createAchTransfer, loadSandboxFunds, toTransactionAnswer } from './ach.ts';
import { attachBank, verificationUrlOf } from './bank-links.ts';
import { MANAGERS, type RoutePolicy, moneyAct } from '../../plugins/route-policy.ts';

const tags = ['Treasury'];
const moneyAnswer = { 200: treasuryTransactionAnswer, ...errorResponses };
const idempotencyHeader = 'Accepts an Idempotency-Key header: a repeat answers the first result and moves nothing.';

export const treasuryRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const bankPolicy: RoutePolicy = {
      who: MANAGERS,
      apiKey: 'none',
      acting: { refused: loginAsMessages.noPayoutDetails },
      freshFactor: 'always',
      money: { kind: 'routes', act: "Attach the organization's bank account (where transfers out go)" },
    };
    const attachBankRoute = (summary: string) => ({
      config: { policy: bankPolicy },
      schema: { tags, summary, body: attachBankBody, response: { 200: setupIntentRecord, ...errorResponses } },
    });
    const attachBankHandler = async (request: FastifyRequest<{ Body: AttachBankBody }>) => {
      const user = requireStaff(request, ['owner', 'admin']);
      const link = await attachBank(deps, { org_id: user.org_id, user_id: user.id, body: request.body });
      const url = verificationUrlOf(deps, link);
      return {
        id: link.setup_intent_id,
        status: link.status,
        next_action: {
          type: 'verify_with_microdeposits' as const,
          verify_with_microdeposits: { hosted_verification_url: url, microdeposit_type: 'descriptor_code' as const },
        },
      };
    };
    app.post('/treasury/account', attachBankRoute('Attach a bank account (micro-deposit verification follows)'), attachBankHandler);
    // Document 000's activation call for the bank: the same attach under the organisation's path.
    app.post(
      '/org/bank',
      attachBankRoute("Attach the organisation's bank account (the same as POST /v1/treasury/account)"),
      attachBankHandler,
    );

    app.post(
      '/treasury/ach_debit',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Add funds from the bank (ACH debit)' },
          }),
        },
        schema: {
          tags,
          summary: 'Add funds from the verified bank (ACH debit)',
          description: idempotencyHeader,
          body: achDebitBody,
          response: moneyAnswer,
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'treasury.ach_debit' }, async (tx, afterCommit) =>
          toTransactionAnswer(await createAchDebit(deps, { tx, afterCommit }, { org_id: user.org_id, body: request.body })),
        );
      },
    );

    app.post(
      '/treasury/ach',
      {
        config: {
          policy: moneyAct({
            who: MANAGERS,
            acting: loginAsMessages.noApproving,
            money: { kind: 'moves', act: 'Transfer funds out of the wallet (ACH)' },
          }),
        },
        schema: {
          tags,
          summary: 'Transfer funds out of the wallet (outbound ACH)',
          description: idempotencyHeader,
          body: achTransferBody,
          response: moneyAnswer,
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'treasury.ach' }, async (tx, afterCommit) =>
          toTransactionAnswer(await createAchTransfer(deps, { tx, afterCommit }, { org_id: user.org_id, body: request.body })),
        );
      },
    );

    // Sandbox only: outside the sandbox the route does not exist (404).
    if (!deps.config.isSandbox) return;
    app.post(
      '/treasury/load',
      {
        config: { policy: { who: MANAGERS, apiKey: 'none' } },
        schema: {
          tags,
          summary: 'Sandbox only: add funds instantly',
          description: idempotencyHeader,
          body: loadFundsBody,
          response: moneyAnswer,
        },
      },
      async (request, reply) => {
        const user = requireStaff(request, ['owner', 'admin']);
        return idempotent(deps.db, request, reply, { org_id: user.org_id, scope: 'treasury.load' }, async (tx, afterCommit) =>
          toTransactionAnswer(await loadSandboxFunds(deps, { tx, afterCommit }, { org_id: user.org_id, amount: request.body.amount })),
        );
      },
    );
  };
