// The activation module as the app sees it: the wallet's activation (KYB), the onboarding at the banking provider and its answer.
import type { ModuleDescriptor } from '../../events/kernel.ts';
import { accountEvents } from './account-events.ts';

export const activationModule: ModuleDescriptor = { name: 'activation', providerEvents: [accountEvents] };
export { activationRoutes } from './routes.ts';
