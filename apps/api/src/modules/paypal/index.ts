// The PayPal module as the app sees it: connecting the organisation's own PayPal business account, its wallet's balance, and the sandbox's consent page.
import type { ModuleDescriptor } from '../../events/kernel.ts';
import { paypalConsentEvents } from './consent-revoked.ts';

export const paypalModule: ModuleDescriptor = { name: 'paypal', providerEvents: [paypalConsentEvents] };
export { paypalRoutes, sandboxPaypalRoutes } from './routes.ts';
export { findLinkedPaypal } from './service.ts';
export { paypalWalletBalance } from './balance.ts';
