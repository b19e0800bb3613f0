import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { sandboxNow } from '../../lib/clock.ts';

const metaAnswer = z.object({
  sandbox: z.boolean(),
  payment_method_wizard: z.boolean(),
  /** Outside the sandbox the pay page's card field is Stripe.js, which needs this public key; null in the sandbox. */
  stripe_publishable_key: z.string().nullable(),
  /** Whether the browser sends page views and events to POST /v1/analytics_events; false sends nothing. */
  analytics: z.boolean(),
  /** Whose template editor New Template opens: our block editor, or Dropbox Sign's embedded one (ESIGN_PROVIDER). */
  esign_provider: z.enum(['builtin', 'dropbox_sign']),
  /** With Dropbox Sign, the API app's public client id hellosign-embedded opens the editor with; null otherwise. */
  dropbox_sign_client_id: z.string().nullable(),
  /** Dropbox Sign's test mode, which lets its editor open on a domain the API app has not verified (a developer's). */
  dropbox_sign_test_mode: z.boolean(),
});

/** The server's time: the sandbox clock (moved by the sandbox tools), the real time outside the sandbox. */
const clockAnswer = z.object({ now: z.string(), today: z.string() });

function dropboxSignMeta(config: AppDeps['config']) {
  const isDropboxSign = config.esignProvider === 'dropbox_sign';
  return {
    esign_provider: config.esignProvider,
    dropbox_sign_client_id: isDropboxSign ? (config.providers.dropboxSign.clientId ?? null) : null,
    dropbox_sign_test_mode: isDropboxSign && config.providers.dropboxSign.testMode,
  };
}

/** What the browser needs to know about this server before anyone signs in. */
export const metaRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/meta',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: {
          summary:
            "Whether this server runs in sandbox mode (no real money moves), which optional screens it shows, the card processor's public key, whether product analytics is on, and whose template editor opens",
          response: { 200: metaAnswer },
        },
      },
      async () => ({
        sandbox: deps.config.isSandbox,
        payment_method_wizard: deps.config.isPaymentMethodWizardOn,
        stripe_publishable_key: deps.config.isSandbox ? null : (deps.config.providers.stripe.publishableKey ?? null),
        analytics: deps.config.analyticsEnabled,
        ...dropboxSignMeta(deps.config),
      }),
    );

    // Screens that propose dates (New Invoice, the upgrade's first charge) read the day here, not
    // from the browser: in the sandbox the server's clock may have been moved on.
    app.get(
      '/meta/clock',
      {
        config: { policy: { who: 'public', apiKey: 'read' } },
        schema: { summary: "The server's current time and day (UTC), by the sandbox clock in the sandbox", response: { 200: clockAnswer } },
      },
      async () => {
        const now = await sandboxNow(deps.db);
        return { now: now.toISOString(), today: now.toISOString().slice(0, 10) };
      },
    );
  };
