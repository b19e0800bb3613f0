// The PayPal module as the app sees it: connecting a payee's PayPal or Venmo, and the sandbox's consent page.
export { paypalRoutes, sandboxPaypalRoutes } from './routes.ts';
