import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { findPendingVerification, verifyDescriptorCode, type VerificationResult } from '../../providers/banking/index.ts';
import { processDueProviderEvents } from '../provider-calls/index.ts';
import { renderVerifyForm, renderVerifyMessage } from './verify-page.ts';

const params = z.object({ id: z.string().max(100) });
const body = z.object({ code: z.string().max(20).default('') });

const messages: Record<VerificationResult['status'], string> = {
  verified: 'Your bank account is verified. You can now add funds to your wallet.',
  wrong_code: 'That code does not match the statement description.',
  attempts_exceeded: 'Too many incorrect codes. Please connect your bank account again.',
  not_pending: 'This bank account does not need verification.',
  not_found: 'This verification link is not valid.',
};

/** The sandbox bank's hosted micro-deposit verification page (Stripe hosts its own). */
export const sandboxBankRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The page's form posts urlencoded; JSON is accepted as well.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, raw, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(raw))));
    });

    app.get('/verify/:id', { config: { isPublic: true }, schema: { hide: true, params } }, async (request, reply) => {
      const pending = await findPendingVerification(deps.db, request.params.id);
      reply.type('text/html');
      if (!pending)
        return reply.status(404).send(renderVerifyMessage({ title: 'Link not valid', message: messages.not_found, isSuccess: false }));
      if (pending.status !== 'requires_action') {
        const title = pending.status === 'succeeded' ? 'Already verified' : 'Verification closed';
        return reply.send(
          renderVerifyMessage({
            title,
            message: pending.status === 'succeeded' ? messages.verified : messages.attempts_exceeded,
            isSuccess: pending.status === 'succeeded',
          }),
        );
      }
      return reply.send(renderVerifyForm({ setupIntentId: request.params.id, bankName: pending.bank_name, last4: pending.last4 }));
    });

    app.post('/verify/:id', { config: { isPublic: true }, schema: { hide: true, params, body } }, async (request, reply) => {
      const result = await verifyDescriptorCode(deps.db, request.params.id, request.body.code);
      await processDueProviderEvents(deps);
      const status = result.status === 'verified' ? 200 : result.status === 'not_found' ? 404 : 400;
      const message =
        result.status === 'wrong_code' ? `${messages.wrong_code} ${result.attempts_left} attempts left.` : messages[result.status];
      if (request.headers.accept?.includes('application/json')) return reply.status(status).send({ status: result.status, message });
      const pending = result.status === 'wrong_code' ? await findPendingVerification(deps.db, request.params.id) : null;
      reply.status(status).type('text/html');
      if (pending)
        return reply.send(
          renderVerifyForm({ setupIntentId: request.params.id, bankName: pending.bank_name, last4: pending.last4, error: message }),
        );
      return reply.send(
        renderVerifyMessage({
          title: result.status === 'verified' ? 'Bank account verified' : 'Not verified',
          message,
          isSuccess: result.status === 'verified',
        }),
      );
    });
  };
