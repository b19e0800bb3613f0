import type { Config } from '../config.ts';

type ReadinessConfig = Pick<Config, 'isSandbox' | 'smtpUrl' | 'providers'>;

/** Every variable the real adapters need, with what it is for (docs/operations.md, Going live). */
function missingVariables({ providers }: ReadinessConfig): string[] {
  const required: [string, string | undefined, string][] = [
    [
      'STRIPE_SECRET_KEY',
      providers.stripe.secretKey,
      'Stripe card and bank payments (the bank linked with Financial Connections), Stripe Treasury wallets',
    ],
    ['STRIPE_WEBHOOK_SECRET', providers.stripe.webhookSecret, "the signing secret of Stripe's webhook endpoint /v1/webhooks/stripe"],
    [
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      providers.stripe.connectWebhookSecret,
      "the signing secret of Stripe's Connect webhook endpoint /v1/webhooks/stripe (Treasury events of the organisations' accounts)",
    ],
    [
      'STRIPE_PLATFORM_FINANCIAL_ACCOUNT',
      providers.stripe.platformFinancialAccount,
      "the platform's Treasury financial account (fa_...), where Crewpay's fees are collected",
    ],
    ['STRIPE_PUBLISHABLE_KEY', providers.stripe.publishableKey, "the pay page's Stripe.js (card field, 3-D Secure, bank link)"],
    ['PAYPAL_CLIENT_ID', providers.paypal.clientId, 'PayPal and Venmo payouts'],
    ['PAYPAL_CLIENT_SECRET', providers.paypal.clientSecret, 'PayPal and Venmo payouts'],
    ['PAYPAL_WEBHOOK_ID', providers.paypal.webhookId, "the id of PayPal's webhook /v1/webhooks/paypal"],
    ['SMS_ACCOUNT_SID', providers.sms.accountSid, 'text messages (Twilio-compatible account)'],
    ['SMS_AUTH_TOKEN', providers.sms.authToken, 'text messages (Twilio-compatible account)'],
    ['SMS_FROM', providers.sms.from, 'the number text messages are sent from'],
  ];
  return required.filter(([, value]) => !value).map(([name, , purpose]) => `${name} is not set (${purpose})`);
}

/** Sentences naming what keeps this configuration from running outside the sandbox; empty when ready. */
export function liveModeProblems(config: ReadinessConfig): string[] {
  if (config.isSandbox) return [];
  // Every capability has its real adapter (its index.ts chooses it); what can still be missing is configuration.
  const problems = missingVariables(config);
  if (!config.smtpUrl) problems.push('email: SMTP_URL is not set (outside the sandbox email must really be sent)');
  return problems;
}
