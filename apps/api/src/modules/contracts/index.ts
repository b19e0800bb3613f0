/** Contracts: PDF upload, signature blocks, the template, Crewpay's built-in e-signature, reminders. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractMultipartLimits } from './multipart.ts';
import { portalContractRoutes } from './portal-routes.ts';
import { contractSigningRoutes } from './public-routes.ts';
import { contractRoutes as staffContractRoutes } from './routes.ts';
import { contractTemplateRoutes } from './template-routes.ts';

export { countUnsignedContractTodos, unsignedContractTodos } from './home.ts';
export { esignWebhookVerifier, signatureRequestOperation, signedEventHandler } from './esign-operations.ts';
export {
  cancelSignatureRequestOperation,
  confirmDeclinedOperation,
  downloadSignedFileOperation,
  dropboxSignEventHandler,
  dropboxSignRequestOperation,
  remindSignerOperation,
} from './dropbox-sign-operations.ts';
export { embeddedTemplateOperation, templateCreatedHandler } from './dropbox-sign-templates.ts';

/** Every contracts route, under one multipart parser. */
export const contractRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: contractMultipartLimits });
    await app.register(staffContractRoutes(deps));
    await app.register(contractTemplateRoutes(deps));
    await app.register(portalContractRoutes(deps));
    await app.register(contractSigningRoutes(deps));
  };
