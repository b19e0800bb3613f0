import type { AppDeps } from '../../deps.ts';
import { paypalFor } from '../process-clients.ts';
import { ProviderCallError } from '../contract.ts';
import type { PaypalAccountsProvider, PaypalMerchant } from './types.ts';

/**
 * The permissions Crewpay asks an organisation for (Partner Referrals v2, third_party_details
 * features; docs/decisions.md): send payouts from its balance, read its account's details, read
 * its balance and transactions (the reporting scope of GET /v1/reporting/balances).
 */
const PAYPAL_FEATURES = ['PAYOUTS', 'ACCESS_MERCHANT_INFORMATION', 'ADVANCED_TRANSACTIONS_SEARCH'] as const;
/** The scope a merchant's grant of PAYOUTS gives the partner's app (as PayPal lists it in the integration). */
const PAYOUTS_SCOPE = 'https://uri.paypal.com/services/payments/payouts';

type Link = { href: string; rel: string };
type Integration = {
  merchant_id?: string;
  primary_email?: string;
  primary_email_confirmed?: boolean;
  oauth_integrations?: { status?: string; oauth_third_party?: { partner_client_id?: string; scopes?: string[] }[] }[];
};
type Money = { currency_code?: string; value?: string };
type Balances = {
  balances?: { currency?: string; available_balance?: Money; total_balance?: Money }[];
  as_of_time?: string;
  last_refresh_time?: string;
};

/** "1234.56" (PayPal's decimal string) as integer cents. */
function centsOfValue(value: string | undefined): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!match) throw new ProviderCallError({ code: 'paypal_unreadable_amount', retryable: false });
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** PayPal's partner onboarding (Partner Referrals v2, Merchant Integrations v1) and reporting balances. */
export function createLivePaypalAccounts(deps: Pick<AppDeps, 'config' | 'kernel'>): PaypalAccountsProvider {
  const settings = deps.config.providers.paypal;
  const paypal = paypalFor(deps);
  const partner = () => {
    if (!settings.partnerMerchantId) throw new Error('PAYPAL_PARTNER_MERCHANT_ID is not set');
    return encodeURIComponent(settings.partnerMerchantId);
  };
  return {
    async startOnboarding({ tracking_id, return_url }) {
      const answer = await paypal.request<{ links?: Link[] }>('POST', '/v2/customer/partner-referrals', {
        body: {
          tracking_id,
          operations: [
            {
              operation: 'API_INTEGRATION',
              api_integration_preference: {
                rest_api_integration: {
                  integration_method: 'PAYPAL',
                  integration_type: 'THIRD_PARTY',
                  third_party_details: { features: PAYPAL_FEATURES },
                },
              },
            },
          ],
          legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
          partner_config_override: { return_url, return_url_description: 'Back to your Crewpay wallets' },
        },
      });
      const action = answer.links?.find((link) => link.rel === 'action_url')?.href;
      if (!action) throw new ProviderCallError({ code: 'paypal_no_action_url', retryable: true });
      return { action_url: action };
    },

    async findMerchant(trackingId): Promise<PaypalMerchant | null> {
      let found: { merchant_id?: string };
      try {
        found = await paypal.request(
          'GET',
          `/v1/customer/partners/${partner()}/merchant-integrations?tracking_id=${encodeURIComponent(trackingId)}`,
        );
      } catch (error) {
        // Not onboarded (yet): PayPal knows no merchant for this tracking id.
        if (error instanceof ProviderCallError && (error.code === 'RESOURCE_NOT_FOUND' || error.code === 'INVALID_RESOURCE_ID'))
          return null;
        throw error;
      }
      if (!found.merchant_id) return null;
      const integration = await paypal.request<Integration>(
        'GET',
        `/v1/customer/partners/${partner()}/merchant-integrations/${encodeURIComponent(found.merchant_id)}`,
      );
      const grants = (integration.oauth_integrations ?? [])
        .filter((entry) => entry.status !== 'I')
        .flatMap((entry) => entry.oauth_third_party ?? [])
        .filter((grant) => grant.partner_client_id === settings.clientId);
      return {
        merchant_id: found.merchant_id,
        email: integration.primary_email?.toLowerCase() ?? null,
        can_pay_out: grants.some((grant) => grant.scopes?.includes(PAYOUTS_SCOPE)),
        email_confirmed: integration.primary_email_confirmed === true,
      };
    },

    async balance(merchantId) {
      const answer = await paypal.request<Balances>('GET', '/v1/reporting/balances?currency_code=USD', { onBehalfOf: merchantId });
      const usd = answer.balances?.find((entry) => entry.currency === 'USD');
      const refreshed = answer.last_refresh_time ?? answer.as_of_time;
      return {
        available: usd ? centsOfValue((usd.available_balance ?? usd.total_balance)?.value) : 0,
        refreshed_at: refreshed ? new Date(refreshed) : new Date(0),
      };
    },
  };
}
