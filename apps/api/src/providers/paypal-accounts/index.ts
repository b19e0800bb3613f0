import type { AppDeps } from '../../deps.ts';
import { createLivePaypalAccounts } from './live.ts';
import { createSandboxPaypalAccounts } from './sandbox.ts';
import type { PaypalAccountsProvider } from './types.ts';

export type { PaypalBalance } from './types.ts';
export { consentSandboxPaypal, moveSandboxPaypal, SANDBOX_PAYPAL_OPENING_BALANCE, sandboxPaypalBalance } from './sandbox.ts';

/** The organisation's own PayPal account: the sandbox PayPal, or PayPal's partner APIs when SANDBOX=false. */
export function paypalAccountsProvider(deps: Pick<AppDeps, 'config' | 'db' | 'kernel'>): PaypalAccountsProvider {
  return deps.config.isSandbox ? createSandboxPaypalAccounts(deps) : createLivePaypalAccounts(deps);
}
