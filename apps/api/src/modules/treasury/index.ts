import { underProviders, type ModuleDescriptor } from '../../events/kernel.ts';
import { RAILS_PROVIDERS } from '../../providers/index.ts';
import { bankingEvents } from './events.ts';
import { inboundTransferOperation, outboundPaymentOperation } from './provider-operations.ts';

// The treasury module as other modules see it.
export const treasuryModule: ModuleDescriptor = {
  name: 'treasury',
  operations: [...underProviders(RAILS_PROVIDERS, inboundTransferOperation), ...underProviders(RAILS_PROVIDERS, outboundPaymentOperation)],
  providerEvents: [bankingEvents],
};
export { findCurrentBankLink, findFinancialAccount, verificationUrlOf } from './bank-links.ts';
export { sandboxBankRoutes } from './sandbox-routes.ts';
export { treasuryRoutes } from './routes.ts';
