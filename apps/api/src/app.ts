import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import { registerRequestLimit } from './plugins/request-limit.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { refuseNulInput } from './plugins/text-input.ts';
import { limitJsonDepth } from './plugins/json-body.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { restrictToOperator } from './plugins/operator-only.ts';
import { collectRoutePolicies, registerRoutePolicies } from './plugins/policy.ts';
import { registerHealthChecks } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { authRoutes, endExpiredActing, setPasswordFromLink } from './modules/auth/index.ts';
import { linkRoutes } from './modules/links/index.ts';
import { paymentRoutes, abroadPaymentRoutes } from './modules/payments/index.ts';
import { approvalRoutes } from './modules/approvals/index.ts';
import { paymentScheduleRoutes } from './modules/payment-schedules/index.ts';
import { paymentGateRoutes, paymentReleaseRoutes } from './modules/payment-releases/index.ts';
import { describePayeeLink, submitPayeeLink } from './modules/payees/index.ts';
import { paymentUploadRoutes } from './modules/payment-uploads/index.ts';
import { orgLogoRoutes, orgRoutes } from './modules/orgs/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { devRoutes } from './modules/dev/index.ts';
import { activationRoutes, sandboxOnboardingRoutes } from './modules/activation/index.ts';
import { feeRoutes } from './modules/fees/index.ts';
import { walletRoutes } from './modules/wallets/index.ts';
import { niumRoutes } from './modules/nium/index.ts';
import { sandboxBankRoutes, treasuryRoutes } from './modules/treasury/index.ts';
import { paypalRoutes, sandboxPaypalRoutes } from './modules/paypal/index.ts';
import { campaignSplitRoutes, creatorRoutes } from './modules/creators/index.ts';
import { searchRoutes } from './modules/search/index.ts';
import { tagRoutes } from './modules/tags/index.ts';
import { savedViewRoutes } from './modules/saved-views/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { dashboardRoutes } from './modules/dashboard/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { metaRoutes } from './modules/meta/index.ts';
import { customerPortalAccessRoutes, customerRoutes } from './modules/customers/index.ts';
import { campaignRoutes } from './modules/campaigns/index.ts';
import { deliverableRoutes } from './modules/deliverables/index.ts';
import { campaignFileRoutes } from './modules/files/index.ts';
import { apiTokenRoutes } from './modules/api-keys/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';
import { taxFilingRoutes, taxPdfRoutes, taxRoutes } from './modules/taxes/index.ts';
import { accountingRoutes } from './modules/accounting/index.ts';
import { portalRoutes, portalTaxFormRoutes } from './modules/portal/index.ts';
import { backupWithholdingRoutes, taxFormOrgRoutes, taxFormPayeeRoutes } from './modules/tax-forms/index.ts';
import { auditRoutes, registerActingAudit, registerActionAudit } from './modules/audit/index.ts';
import { contractRoutes } from './modules/contracts/index.ts';
import { clientErrorRoutes } from './modules/client-errors/index.ts';
import { analyticsRoutes } from './modules/analytics/index.ts';
import { providerWebhookRoutes } from './modules/provider-calls/index.ts';
import {
  describeInvoiceLink,
  invoicePayRoutes,
  invoiceDunningRoutes,
  invoiceScheduleRoutes,
  invoiceRoutes,
  payInvoiceFromLink,
} from './modules/invoices/index.ts';

type BuildAppOptions = {
  logger?: boolean | { level: string };
};

/**
 * Request logs carry the method, the path and the request id: query strings hold searches
 * (?search=jane@...), emailed link ids and operator tokens, which logs must not keep.
 */
const requestLogSerializers = {
  req: (request: { method: string; url: string; id: string }) => ({
    method: request.method,
    path: request.url.split('?')[0],
    request_id: request.id,
  }),
};

/** Builds the HTTP app from its dependencies (deps.kernel built by src/wiring.ts); main.ts, the tests and the bench build the same app. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { ...(typeof options.logger === 'object' ? options.logger : {}), serializers: requestLogSerializers } : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 30 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First: every route added after it is collected with its policy, and the app refuses to start while an API route has none.
  collectRoutePolicies(app);
  await registerMetrics(app, { operatorToken: deps.config.operatorToken, pools: deps.kernel.poolMetrics });
  limitJsonDepth(app);
  refuseNulInput(app);

  // Outside the sandbox the pay page loads Stripe.js (card field, 3-D Secure, Financial Connections'
  // bank login): its scripts, frames and API, as Stripe's CSP guide lists them.
  const live = deps.config.isSandbox
    ? { script: [], frame: [], connect: [] }
    : {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      };
  registerSecurityHeaders(app, {
    // The QuickBooks popup goes to Intuit and back: with same-origin the popup would lose its
    // opener on the way and could neither tell the page it connected nor close (docs/security.md).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...live.script],
        // Dropbox Sign's template editor opens in a frame of the New Template page (hellosign-embedded).
        frameSrc: [
          "'self'",
          ...live.frame,
          ...(deps.config.esignProvider === 'dropbox_sign' ? [deps.config.providers.dropboxSign.embeddedOrigin] : []),
        ],
        // MUI (emotion) writes its styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...live.connect],
        frameAncestors: ["'none'"],
        // Helmet's default would break a plain-http deployment on any host but localhost.
        upgradeInsecureRequests: null,
      },
    },
  });
  // Sessions are read by the plugins; ending an expired login-as is the auth module's (it audits it).
  const sessions = { db: deps.db, endExpiredActing };
  const limitUnknownCredential = registerRequestLimit(app, sessions, deps.config.requestLimits);
  await registerOpenApi(app);
  registerAuth(app, sessions, limitUnknownCredential);
  registerActingAudit(app, deps.db);
  registerActionAudit(app, deps.db);
  registerRoutePolicies(app, deps.db);

  registerHealthChecks(app, deps.db);
  await app.register(metaRoutes(deps), { prefix: '/v1' });
  await app.register(clientErrorRoutes(deps), { prefix: '/v1' });
  await app.register(analyticsRoutes(deps), { prefix: '/v1' });
  await app.register(authRoutes(deps), { prefix: '/v1' });
  await app.register(auditRoutes(deps), { prefix: '/v1' });
  // Links are acted on by the modules that own each kind (payee: payees; passwords: auth; invoices).
  await app.register(
    linkRoutes(deps, {
      describePayee: describePayeeLink,
      submitPayee: submitPayeeLink,
      setPassword: setPasswordFromLink,
      describeInvoice: describeInvoiceLink,
      payInvoice: payInvoiceFromLink,
    }),
    { prefix: '/v1' },
  );
  await app.register(orgRoutes(deps), { prefix: '/v1' });
  await app.register(notificationRoutes(deps), { prefix: '/v1' });
  await app.register(creatorRoutes(deps), { prefix: '/v1' });
  await app.register(campaignSplitRoutes(deps), { prefix: '/v1' });
  await app.register(tagRoutes(deps), { prefix: '/v1' });
  await app.register(savedViewRoutes(deps), { prefix: '/v1' });
  await app.register(userRoutes(deps), { prefix: '/v1' });
  await app.register(activationRoutes(deps), { prefix: '/v1' });
  await app.register(feeRoutes(deps), { prefix: '/v1' });
  await app.register(walletRoutes(deps), { prefix: '/v1' });
  await app.register(treasuryRoutes(deps), { prefix: '/v1' });
  await app.register(paypalRoutes(deps), { prefix: '/v1' });
  await app.register(paymentRoutes(deps), { prefix: '/v1' });
  await app.register(abroadPaymentRoutes(deps), { prefix: '/v1' });
  await app.register(niumRoutes(deps), { prefix: '/v1' });
  await app.register(paymentReleaseRoutes(deps), { prefix: '/v1' });
  await app.register(paymentGateRoutes(deps), { prefix: '/v1' });
  await app.register(paymentScheduleRoutes(deps), { prefix: '/v1' });
  await app.register(paymentUploadRoutes(deps), { prefix: '/v1' });
  await app.register(approvalRoutes(deps), { prefix: '/v1' });
  await app.register(dashboardRoutes(deps), { prefix: '/v1' });
  await app.register(searchRoutes(deps), { prefix: '/v1' });
  await app.register(billingRoutes(deps), { prefix: '/v1' });
  await app.register(customerRoutes(deps), { prefix: '/v1' });
  await app.register(campaignRoutes(deps), { prefix: '/v1' });
  await app.register(deliverableRoutes(deps), { prefix: '/v1' });
  await app.register(campaignFileRoutes(deps), { prefix: '/v1' });
  await app.register(orgLogoRoutes(deps), { prefix: '/v1' });
  await app.register(apiTokenRoutes(deps), { prefix: '/v1' });
  await app.register(contractRoutes(deps), { prefix: '/v1' });
  await app.register(webhookRoutes(deps), { prefix: '/v1' });
  await app.register(taxRoutes(deps), { prefix: '/v1' });
  await app.register(taxFilingRoutes(deps), { prefix: '/v1' });
  await app.register(portalRoutes(deps), { prefix: '/v1' });
  await app.register(taxFormPayeeRoutes(deps), { prefix: '/v1' });
  await app.register(portalTaxFormRoutes(deps), { prefix: '/v1' });
  await app.register(taxFormOrgRoutes(deps), { prefix: '/v1' });
  await app.register(backupWithholdingRoutes(deps), { prefix: '/v1' });
  await app.register(customerPortalAccessRoutes(deps), { prefix: '/v1' });
  await app.register(providerWebhookRoutes(deps), { prefix: '/v1' });
  await app.register(invoiceRoutes(deps), { prefix: '/v1' });
  await app.register(invoicePayRoutes(deps), { prefix: '/v1' });
  await app.register(invoiceScheduleRoutes(deps), { prefix: '/v1' });
  await app.register(invoiceDunningRoutes(deps), { prefix: '/v1' });
  await app.register(accountingRoutes(deps), { prefix: '/api' });
  await app.register(taxPdfRoutes(deps), { prefix: '/api' });
  if (deps.config.isSandbox) {
    // One encapsulated scope: its hook guards every sandbox tool and nothing else.
    await app.register(async (tools) => {
      restrictToOperator(tools, { operatorToken: deps.config.operatorToken });
      await tools.register(devRoutes(deps), { prefix: '/dev' });
      await tools.register(sandboxBankRoutes(deps), { prefix: '/sandbox' });
      await tools.register(sandboxOnboardingRoutes(deps), { prefix: '/sandbox' });
      await tools.register(sandboxPaypalRoutes(deps), { prefix: '/sandbox' });
    });
  }
  await registerWebApp(app);
  return app;
}
