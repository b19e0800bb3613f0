/** Contracts: PDF upload, signature blocks, the template, Crewpay's built-in e-signature, reminders. */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import type { AnyProviderOperation, ModuleDescriptor } from '../../events/kernel.ts';
import { dropboxSignWebhookVerifier } from '../../providers/esign/index.ts';
import {
  cancelSignatureRequestOperation,
  confirmDeclinedOperation,
  downloadSignedFileOperation,
  dropboxSignEventHandler,
  dropboxSignRequestOperation,
  remindSignerOperation,
} from './dropbox-sign-operations.ts';
import { embeddedTemplateOperation, templateCreatedHandler } from './dropbox-sign-templates.ts';
import { esignWebhookVerifier, signatureRequestOperation, signedEventHandler } from './esign-operations.ts';
import { contractMultipartLimits } from './multipart.ts';
import { portalContractRoutes } from './portal-routes.ts';
import { contractSigningRoutes } from './public-routes.ts';
import { contractRoutes as staffContractRoutes } from './routes.ts';
import { contractTemplateRoutes } from './template-routes.ts';

export { countUnsignedContractTodos, unsignedContractTodos } from './home.ts';

/**
 * Crewpay's built-in e-signature (a real service, not a sandbox) and Dropbox Sign when
 * ESIGN_PROVIDER chooses it (a contract stays with the service it was sent with).
 */
export const contractsModule: ModuleDescriptor = {
  name: 'contracts',
  operations: [
    signatureRequestOperation,
    dropboxSignRequestOperation,
    downloadSignedFileOperation,
    cancelSignatureRequestOperation,
    confirmDeclinedOperation,
    remindSignerOperation,
    embeddedTemplateOperation,
  ] as unknown as AnyProviderOperation[],
  webhookVerifiers: [esignWebhookVerifier, dropboxSignWebhookVerifier],
  providerEvents: [signedEventHandler, dropboxSignEventHandler, templateCreatedHandler],
};

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
