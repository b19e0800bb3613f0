import { describe, expect, it } from 'vitest';
import { startDropboxSignFake } from '../../fakes/dropbox-sign-fake.ts';
import { startPaypalFake } from '../../fakes/paypal-fake.ts';
import { startQuickbooksFake } from '../../fakes/quickbooks-fake.ts';
import { appSettings } from '../../fakes/settings.ts';
import { startStripeFake } from '../../fakes/stripe-fake.ts';
import { startTwilioFake } from '../../fakes/twilio-fake.ts';
import { loadConfig } from '../config.ts';
import { checkPaypalCredentials, checkQuickbooksCredentials, checkSmsCredentials, testWorldProblems } from './live-credentials.ts';
import { esignProblems, liveModeProblems } from './readiness.ts';
import { checkStripeCredentials } from './webhooks/index.ts';

async function allFakes() {
  return {
    stripe: await startStripeFake(),
    paypal: await startPaypalFake(),
    sms: await startTwilioFake(),
    quickbooks: await startQuickbooksFake(),
    esign: await startDropboxSignFake(),
  };
}

describe('npm run live:check and npm run fakes', () => {
  it('npm run fakes prints every setting the app needs to start with SANDBOX=false (QuickBooks redirect URI included)', async () => {
    const settings = appSettings(await allFakes(), 'http://127.0.0.1:3000');
    expect(settings.QUICKBOOKS_REDIRECT_URI).toBe('http://127.0.0.1:3000/api/qb/callback');
    const config = loadConfig({ ...settings, SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Crewpay <hello@example.com>' });
    expect(liveModeProblems(config)).toEqual([]);
    expect(esignProblems(config)).toEqual([]);
  });

  it('names, one line each, every setting that talks to a test world: test keys, PayPal and QuickBooks sandboxes, a Twilio test number, a fake', () => {
    const config = loadConfig({
      SANDBOX: 'false',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com',
      QUICKBOOKS_CLIENT_ID: 'intuit-app',
      QUICKBOOKS_CLIENT_SECRET: 'intuit-secret',
      QUICKBOOKS_ENVIRONMENT: 'sandbox',
      SMS_FROM: '+15005550006',
      SMS_API_BASE: 'http://127.0.0.1:12114',
    });
    expect(testWorldProblems(config)).toEqual([
      'STRIPE_SECRET_KEY is a test-mode key (sk_test_): live payments need the live key (sk_live_)',
      'STRIPE_PUBLISHABLE_KEY is a test-mode key (pk_test_): the pay page needs the live key (pk_live_)',
      "PAYPAL_API_BASE is PayPal's sandbox (https://api-m.sandbox.paypal.com): live payouts need https://api-m.paypal.com",
      'QUICKBOOKS_ENVIRONMENT is sandbox (https://sandbox-quickbooks.api.intuit.com): live books need production keys and QUICKBOOKS_ENVIRONMENT=production',
      "SMS_FROM is Twilio's magic test number +15005550006: it sends nothing (a number of the live account is needed)",
      "SMS_API_BASE is http://127.0.0.1:12114: not the provider's own https address (a local fake?)",
    ]);
    const live = loadConfig({
      SANDBOX: 'false',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
      SMS_FROM: '+14155550100',
    });
    expect(testWorldProblems(live)).toEqual([]);
  });

  it('checks the credentials of Stripe (the platform FA with intra_stripe_flows, endpoints), PayPal, QuickBooks and the SMS account', async () => {
    const fakes = await allFakes();
    const config = loadConfig(appSettings(fakes, 'http://127.0.0.1:3000'));
    const stripe = await checkStripeCredentials(config.providers.stripe, config.publicUrl);
    expect(stripe.filter((check) => !check.ok).map((check) => check.check)).toEqual(['webhook endpoints']);
    expect(stripe.find((check) => check.check === 'platform financial account')!.ok).toBe(true);
    expect(await checkPaypalCredentials(config.providers.paypal)).toMatchObject({ ok: true });
    expect(await checkQuickbooksCredentials(config.providers.quickbooks)).toMatchObject({ ok: true });
    expect(await checkSmsCredentials(config.providers.sms)).toMatchObject({ ok: true });

    const wrong = loadConfig({
      ...appSettings(fakes, 'http://127.0.0.1:3000'),
      PAYPAL_CLIENT_SECRET: 'not-the-secret',
      QUICKBOOKS_CLIENT_SECRET: 'not-the-secret',
      SMS_AUTH_TOKEN: 'not-the-token',
    });
    expect((await checkPaypalCredentials(wrong.providers.paypal)).detail).toMatch(/^PayPal refused the client id and secret \(401\)/);
    expect((await checkQuickbooksCredentials(wrong.providers.quickbooks)).detail).toMatch(
      /^Intuit refused the app's keys \(invalid_client\)/,
    );
    expect((await checkSmsCredentials(wrong.providers.sms)).detail).toMatch(/^Twilio refused the account SID and token \(401\)/);
  });
});
