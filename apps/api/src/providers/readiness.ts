import type { Config } from '../config.ts';

type ReadinessConfig = Pick<Config, 'isSandbox' | 'smtpUrl' | 'providers'>;
type EsignConfig = Pick<Config, 'isSandbox' | 'esignProvider' | 'providers'>;

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
    [
      'PAYPAL_PARTNER_MERCHANT_ID',
      providers.paypal.partnerMerchantId,
      "Crewpay's PayPal partner account id (organisations connect their PayPal)",
    ],
    ['PAYPAL_PARTNER_ATTRIBUTION_ID', providers.paypal.attributionId, "Crewpay's PayPal partner BN code (PayPal-Partner-Attribution-Id)"],
    ['SMS_ACCOUNT_SID', providers.sms.accountSid, 'text messages (Twilio-compatible account)'],
    ['SMS_AUTH_TOKEN', providers.sms.authToken, 'text messages (Twilio-compatible account)'],
    [
      'SMS_FROM',
      providers.sms.from ?? providers.sms.messagingServiceSid,
      'the number text messages are sent from; or SMS_MESSAGING_SERVICE_SID, a Twilio Messaging Service',
    ],
    ...quickbooksVariables(providers.quickbooks),
  ];
  return required.filter(([, value]) => !value).map(([name, , purpose]) => `${name} is not set (${purpose})`);
}

/** QuickBooks Online: the Intuit app's keys, the redirect URI registered with it, and which of Intuit's environments they are for. */
function quickbooksVariables(quickbooks: ReadinessConfig['providers']['quickbooks']): [string, string | undefined, string][] {
  const purpose = 'QuickBooks Online: the Intuit app from developer.intuit.com';
  return [
    ['QUICKBOOKS_CLIENT_ID', quickbooks.clientId, purpose],
    ['QUICKBOOKS_CLIENT_SECRET', quickbooks.clientSecret, purpose],
    ['QUICKBOOKS_REDIRECT_URI', quickbooks.redirectUri, "the app's redirect URI registered with Intuit, <PUBLIC_URL>/api/qb/callback"],
    ['QUICKBOOKS_ENVIRONMENT', quickbooks.environment, "sandbox or production: which of Intuit's environments the keys are for"],
  ];
}

/** The redirect URI must be our callback, or Intuit would send the person back where nothing exchanges the code. */
function quickbooksRedirectProblem({ providers }: ReadinessConfig): string[] {
  const uri = providers.quickbooks.redirectUri;
  if (!uri || new URL(uri).pathname === '/api/qb/callback') return [];
  return [`QUICKBOOKS_REDIRECT_URI must end in /api/qb/callback (it is ${uri})`];
}

/** Sentences naming what keeps this configuration from running outside the sandbox; empty when ready. */
export function liveModeProblems(config: ReadinessConfig): string[] {
  if (config.isSandbox) return [];
  // Every capability has its real adapter (its index.ts chooses it); what can still be missing is configuration.
  const problems = [...missingVariables(config), ...quickbooksRedirectProblem(config)];
  if (!config.smtpUrl) problems.push('email: SMTP_URL is not set (outside the sandbox email must really be sent)');
  return problems;
}

/**
 * Sentences naming what keeps the chosen e-signature service from working; empty when ready. Checked
 * in and out of the sandbox: ESIGN_PROVIDER=dropbox_sign calls Dropbox Sign either way (its test mode
 * in a rehearsal).
 */
export function esignProblems(config: EsignConfig): string[] {
  if (config.esignProvider !== 'dropbox_sign') return [];
  const settings = config.providers.dropboxSign;
  const problems: string[] = [];
  if (!settings.apiKey)
    problems.push('DROPBOX_SIGN_API_KEY is not set (signature requests, the signed files, and the check of its callbacks)');
  if (!settings.clientId)
    problems.push(
      'DROPBOX_SIGN_CLIENT_ID is not set (the API app: its embedded template editor and its callback URL /v1/webhooks/dropbox-sign)',
    );
  if (!config.isSandbox && settings.testMode)
    problems.push('DROPBOX_SIGN_TEST_MODE=true with SANDBOX=false: test-mode signatures are not legally binding');
  return problems;
}
