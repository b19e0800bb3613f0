// The PayPal module as the app sees it: connecting the organisation's own PayPal business account, its wallet's balance, and the sandbox's consent page.
export { paypalRoutes, sandboxPaypalRoutes } from './routes.ts';
export { findLinkedPaypal } from './service.ts';
export { paypalWalletBalance } from './balance.ts';
export { paypalConsentEvents } from './consent-revoked.ts';
