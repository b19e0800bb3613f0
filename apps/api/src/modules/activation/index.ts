// The activation module as the app sees it: the wallet's activation (KYB), the onboarding at the banking provider and its answer.
import { underProviders, type ModuleDescriptor } from '../../events/kernel.ts';
import { RAILS_PROVIDERS } from '../../providers/index.ts';
import { accountEvents } from './account-events.ts';
import { ownersOperation } from './owners.ts';

export const activationModule: ModuleDescriptor = {
  name: 'activation',
  operations: underProviders(RAILS_PROVIDERS, ownersOperation),
  providerEvents: [accountEvents],
};
export { activationRoutes } from './routes.ts';
export { sandboxOnboardingRoutes } from './sandbox-onboarding-routes.ts';
