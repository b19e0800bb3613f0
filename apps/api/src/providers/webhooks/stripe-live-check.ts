import type { ProviderSettings } from '../../config.ts';
import { newStripeClient, stripeCallError } from '../clients/stripe-client.ts';
import { isConnectEndpoint, missingEvents, STRIPE_API_VERSION, STRIPE_ENDPOINTS } from './stripe-endpoints.ts';

export type LiveCheck = { check: string; ok: boolean; detail: string };

async function attempt(check: string, run: () => Promise<string>): Promise<LiveCheck> {
  try {
    return { check, ok: true, detail: await run() };
  } catch (error) {
    const failure = stripeCallError(error);
    return { check, ok: false, detail: error instanceof Error && !('code' in error) ? error.message : failure.code };
  }
}

/**
 * What an operator checks before switching to SANDBOX=false, with reads only (no money moves):
 * the key opens the platform account, its balance and the platform's financial account answer,
 * and both webhook endpoints exist at our URL, pinned to the API version of the code.
 */
export async function checkStripeCredentials(settings: ProviderSettings['stripe'], publicUrl: string): Promise<LiveCheck[]> {
  const stripe = newStripeClient(settings);
  const url = `${publicUrl.replace(/\/$/, '')}/v1/webhooks/stripe`;
  const checks = [
    await attempt('platform account', async () => {
      const account = await stripe.accounts.retrieveCurrent();
      return `${account.id} (${account.country ?? 'no country'})`;
    }),
    await attempt('balance', async () => {
      const balance = await stripe.balance.retrieve();
      return balance.available.map((entry) => `${entry.amount} ${entry.currency}`).join(', ') || 'empty';
    }),
    await attempt('platform financial account', async () => {
      if (!settings.platformFinancialAccount) throw new Error('STRIPE_PLATFORM_FINANCIAL_ACCOUNT is not set');
      const account = await stripe.treasury.financialAccounts.retrieve(settings.platformFinancialAccount);
      // Fees move between the organisations' financial accounts and the platform's over Stripe's own network.
      if (!(account.active_features ?? []).includes('intra_stripe_flows'))
        throw new Error(
          `${account.id} has no active intra_stripe_flows feature: Crewpay's fees cannot reach it (request it on the financial account)`,
        );
      return `${account.id} ${account.status}, cash ${account.balance.cash.usd ?? 0} cents`;
    }),
  ];
  const endpoints = await attempt('webhook endpoints', async () => {
    const found = (await stripe.webhookEndpoints.list({ limit: 100 })).data.filter((endpoint) => endpoint.url === url);
    const problems: string[] = [];
    const missing = STRIPE_ENDPOINTS.filter((wanted) => !found.some((endpoint) => isConnectEndpoint(endpoint) === wanted.connect));
    if (missing.length > 0)
      problems.push(`missing at ${url}: ${missing.map((entry) => (entry.connect ? 'Connect' : 'account')).join(', ')}`);
    const stale = found.filter((endpoint) => endpoint.api_version !== STRIPE_API_VERSION);
    if (stale.length > 0)
      problems.push(`pinned to another API version than ${STRIPE_API_VERSION}: ${stale.map((entry) => entry.id).join(', ')}`);
    for (const endpoint of found) {
      const short = missingEvents(endpoint.enabled_events);
      if (short.length > 0) problems.push(`${endpoint.id} does not listen to ${short.join(', ')}`);
    }
    if (problems.length > 0) throw new Error(`${problems.join('; ')} (npm run stripe:webhooks)`);
    return `${found.length} at ${url}, API version ${STRIPE_API_VERSION}, every handled event`;
  });
  return [...checks, endpoints];
}
