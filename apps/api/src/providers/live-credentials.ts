import type { Config } from '../config.ts';
import type { LiveCheck } from './webhooks/index.ts';

type LiveConfig = Pick<Config, 'isSandbox' | 'providers' | 'esignProvider'>;

/** Twilio's magic test numbers: they work with test credentials only, and no text ever leaves. */
const TWILIO_TEST_NUMBERS = ['+15005550006', '+15005550001', '+15005550007', '+15005550008', '+15005550009'];

/**
 * What makes a SANDBOX=false deployment talk to a provider's test world instead of the real one:
 * Stripe test keys, PayPal's and QuickBooks' sandboxes, Twilio's test numbers, a provider address
 * that is not the provider's own https one (a local fake). Each a sentence naming the setting;
 * empty when every provider is live. A rehearsal on `npm run fakes` is expected to list them.
 */
export function testWorldProblems(config: LiveConfig): string[] {
  if (config.isSandbox) return [];
  const { stripe, paypal, sms, quickbooks, dropboxSign } = config.providers;
  const problems: string[] = [];
  if (/^(sk|rk)_test_/.test(stripe.secretKey ?? ''))
    problems.push('STRIPE_SECRET_KEY is a test-mode key (sk_test_): live payments need the live key (sk_live_)');
  if (/^pk_test_/.test(stripe.publishableKey ?? ''))
    problems.push('STRIPE_PUBLISHABLE_KEY is a test-mode key (pk_test_): the pay page needs the live key (pk_live_)');
  if (/sandbox\.paypal\.com/.test(paypal.apiBase))
    problems.push(`PAYPAL_API_BASE is PayPal's sandbox (${paypal.apiBase}): live payouts need https://api-m.paypal.com`);
  if (quickbooks.clientId && (quickbooks.environment === 'sandbox' || /sandbox/.test(quickbooks.apiBase)))
    problems.push(
      `QUICKBOOKS_ENVIRONMENT is sandbox (${quickbooks.apiBase}): live books need production keys and QUICKBOOKS_ENVIRONMENT=production`,
    );
  if (sms.from && TWILIO_TEST_NUMBERS.includes(sms.from))
    problems.push(`SMS_FROM is Twilio's magic test number ${sms.from}: it sends nothing (a number of the live account is needed)`);
  const bases: [string, string][] = [
    ['STRIPE_API_BASE', stripe.apiBase],
    ['PAYPAL_API_BASE', paypal.apiBase],
    ['SMS_API_BASE', sms.apiBase],
    ...(quickbooks.clientId ? ([['QUICKBOOKS_API_BASE', quickbooks.apiBase]] as [string, string][]) : []),
    ...(config.esignProvider === 'dropbox_sign' ? ([['DROPBOX_SIGN_API_BASE', dropboxSign.apiBase]] as [string, string][]) : []),
  ];
  for (const [name, base] of bases)
    if (!base.startsWith('https://')) problems.push(`${name} is ${base}: not the provider's own https address (a local fake?)`);
  return problems;
}

async function attempt(check: string, run: () => Promise<string>): Promise<LiveCheck> {
  try {
    return { check, ok: true, detail: await run() };
  } catch (error) {
    return { check, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** PayPal: the client id and secret get an OAuth token (no money moves). */
export function checkPaypalCredentials(settings: Config['providers']['paypal']): Promise<LiveCheck> {
  return attempt('PayPal credentials', async () => {
    if (!settings.clientId || !settings.clientSecret) throw new Error('PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET are not set');
    const answer = await fetch(`${settings.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basic(settings.clientId, settings.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!answer.ok) throw new Error(`PayPal refused the client id and secret (${answer.status}) at ${settings.apiBase}`);
    return `a token from ${settings.apiBase}`;
  });
}

/**
 * QuickBooks: Intuit's token endpoint asked to refresh a token that does not exist answers
 * invalid_grant to a known app and invalid_client to unknown keys, so the keys are checked
 * without anyone's company.
 */
export function checkQuickbooksCredentials(settings: Config['providers']['quickbooks']): Promise<LiveCheck> {
  return attempt('QuickBooks credentials', async () => {
    if (!settings.clientId || !settings.clientSecret) throw new Error('QUICKBOOKS_CLIENT_ID / QUICKBOOKS_CLIENT_SECRET are not set');
    const answer = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { authorization: basic(settings.clientId, settings.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=refresh_token&refresh_token=crewpay-live-check',
    });
    const error = ((await answer.json().catch(() => ({}))) as { error?: string }).error;
    if (error === 'invalid_grant') return `Intuit knows the app (${settings.environment ?? 'production'})`;
    throw new Error(`Intuit refused the app's keys (${error ?? answer.status}) at ${settings.tokenUrl}`);
  });
}

/** Twilio: the account SID and token open the account's messages (a read; nothing is sent). */
export function checkSmsCredentials(settings: Config['providers']['sms']): Promise<LiveCheck> {
  return attempt('SMS credentials', async () => {
    if (!settings.accountSid || !settings.authToken) throw new Error('SMS_ACCOUNT_SID / SMS_AUTH_TOKEN are not set');
    const answer = await fetch(
      `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json?PageSize=1`,
      {
        headers: { authorization: basic(settings.accountSid, settings.authToken) },
      },
    );
    if (!answer.ok) throw new Error(`Twilio refused the account SID and token (${answer.status}) at ${settings.apiBase}`);
    return `account ${settings.accountSid.slice(0, 6)}… answers`;
  });
}

/** Dropbox Sign: the API key opens the account (GET /v3/account; nothing is sent). */
export function checkDropboxSignCredentials(settings: Config['providers']['dropboxSign']): Promise<LiveCheck> {
  return attempt('Dropbox Sign credentials', async () => {
    if (!settings.apiKey) throw new Error('DROPBOX_SIGN_API_KEY is not set');
    const answer = await fetch(`${settings.apiBase}/v3/account`, { headers: { authorization: basic(settings.apiKey, '') } });
    if (!answer.ok) throw new Error(`Dropbox Sign refused the API key (${answer.status}) at ${settings.apiBase}`);
    return 'the account answers';
  });
}
