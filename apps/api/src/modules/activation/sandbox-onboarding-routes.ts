import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { connectedAccounts } from '../../db/schema/index.ts';
import { giveSandboxIdentityDocument, IDENTITY_DOCUMENT, openSandboxOnboardingLink } from '../../providers/banking/index.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvent } from '../../providers/sandbox-events.ts';
import { deliverDueSandboxEvents } from '../provider-calls/index.ts';

const params = z.object({ token: z.string().max(100) });

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verify your identity</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f6fb;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1c2434}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(20,30,60,.08);padding:32px;max-width:420px;width:100%;box-sizing:border-box}
h1{font-size:22px;margin:0 0 8px}p{line-height:1.5;color:#4a5468}.muted{font-size:13px;color:#5c667a}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;font-weight:600;color:#fff;background:#3b5bdb;border:0;border-radius:8px;cursor:pointer}
</style></head><body><main>${body}<p class="muted">Sandbox onboarding (Stripe hosts its own) — nothing is sent to Stripe.</p></main></body></html>`;

const expired = page(
  '<h1>This link has expired</h1><p>Open it again from the Verification page: a link lasts five minutes.</p><p><a href="/verification">Back to Verification</a></p>',
);

/**
 * The sandbox's hosted onboarding (Stripe's account link), for what the app does not collect: the
 * representative's identity document. Its page takes the document; the bank then reports the
 * account again (account.updated, without the requirement) and the owner returns to Verification.
 */
export const sandboxOnboardingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The page's form posts urlencoded (and carries nothing the route reads).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _raw, done) => done(null, {}));

    app.get('/onboarding/:token', { config: { isPublic: true }, schema: { hide: true, params } }, async (request, reply) => {
      reply.type('text/html');
      if (!(await openSandboxOnboardingLink(deps, request.params.token))) return reply.status(410).send(expired);
      return reply.send(
        page(`<h1>Verify your identity</h1>
<p>Stripe could not verify the representative's identity from the details given. Upload a photo of a government-issued ID (a driver's license or passport).</p>
<form method="post" action="/sandbox/onboarding/${request.params.token}">
<button type="submit">Upload a test ID and continue</button>
</form>`),
      );
    });

    app.post('/onboarding/:token', { config: { isPublic: true }, schema: { hide: true, params } }, async (request, reply) => {
      const link = await openSandboxOnboardingLink(deps, request.params.token);
      if (!link) return reply.status(410).type('text/html').send(expired);
      const [account] = await deps.db.select().from(connectedAccounts).where(eq(connectedAccounts.provider_account_id, link.account));
      if (account) {
        await giveSandboxIdentityDocument(deps, link.account);
        const state = {
          requirements: account.requirements.filter((item) => item.requirement !== IDENTITY_DOCUMENT),
          pending_verification: [],
          disabled_reason: null,
          treasury_status: account.treasury_status,
          state_at: account.state_at,
        };
        await deps.db.transaction((tx) =>
          scheduleSandboxEvent(tx, {
            provider: SANDBOX_PROVIDER,
            org_id: account.org_id,
            object_id: link.account,
            type: 'account.updated',
            data: { state: JSON.stringify(state) },
            due_at: new Date(0),
          }),
        );
        await deliverDueSandboxEvents(deps);
      }
      return reply.redirect(link.return_url, 303);
    });
  };
