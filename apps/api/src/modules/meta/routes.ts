import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

const metaAnswer = z.object({ sandbox: z.boolean(), payment_method_wizard: z.boolean() });

/** What the browser needs to know about this server before anyone signs in. */
export const metaRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/meta',
      {
        config: { isPublic: true },
        schema: {
          summary: 'Whether this server runs in sandbox mode (no real money moves), and which optional screens it shows',
          response: { 200: metaAnswer },
        },
      },
      async () => ({ sandbox: deps.config.isSandbox, payment_method_wizard: deps.config.isPaymentMethodWizardOn }),
    );
  };
