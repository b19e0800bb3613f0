import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { refuseNulInput } from './plugins/text-input.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { linkRoutes } from './modules/links/index.ts';
import { setPasswordFromLink } from './modules/auth/service.ts';
import { describePayeeLink, submitPayeeLink } from './modules/payments/payee.ts';
import { orgRoutes } from './modules/orgs/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { activationRoutes } from './modules/activation/routes.ts';
import { feeRoutes } from './modules/fees/routes.ts';
import { walletRoutes } from './modules/wallets/routes.ts';
import { treasuryRoutes } from './modules/treasury/routes.ts';
import { sandboxBankRoutes } from './modules/treasury/sandbox-routes.ts';
import { paypalRoutes, sandboxPaypalRoutes } from './modules/paypal/routes.ts';
import { creatorRoutes } from './modules/creators/routes.ts';
import { tagRoutes } from './modules/tags/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';

export type BuildAppOptions = {
  logger?: boolean | { level: string };
  /** Requests per minute per IP across the whole API; tests raise it. */
  globalRateLimit?: number;
};

/** Builds the HTTP app from its dependencies; main.ts and the tests build the same app. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 30 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseNulInput(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) writes its styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        // Helmet's default would break a plain-http deployment on any host but localhost.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, { max: options.globalRateLimit ?? 1200, timeWindow: '1 minute' });
  await registerOpenApi(app);
  registerAuth(app, deps.db);

  app.get('/health', { config: { isPublic: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(authRoutes(deps), { prefix: '/v1' });
  // Links are acted on by the modules that own each kind (payee: payments; passwords: auth).
  await app.register(linkRoutes(deps, { describePayee: describePayeeLink, submitPayee: submitPayeeLink, setPassword: setPasswordFromLink }), { prefix: '/v1' });
  await app.register(orgRoutes(deps), { prefix: '/v1' });
  await app.register(notificationRoutes(deps), { prefix: '/v1' });
  await app.register(creatorRoutes(deps), { prefix: '/v1' });
  await app.register(tagRoutes(deps), { prefix: '/v1' });
  await app.register(userRoutes(deps), { prefix: '/v1' });
  await app.register(activationRoutes(deps), { prefix: '/v1' });
  await app.register(feeRoutes(deps), { prefix: '/v1' });
  await app.register(walletRoutes(deps), { prefix: '/v1' });
  await app.register(treasuryRoutes(deps), { prefix: '/v1' });
  await app.register(paypalRoutes(deps), { prefix: '/v1' });
  await app.register(paymentRoutes(deps), { prefix: '/v1' });
  await app.register(dashboardRoutes(deps), { prefix: '/v1' });
  if (deps.config.isSandbox) {
    await app.register(devRoutes(deps), { prefix: '/dev' });
    await app.register(sandboxBankRoutes(deps), { prefix: '/sandbox' });
    await app.register(sandboxPaypalRoutes(deps), { prefix: '/sandbox' });
  }
  await registerWebApp(app);
  return app;
}
