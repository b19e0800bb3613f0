import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { liveModeProblems } from './providers/readiness.ts';

describe('loadConfig', () => {
  it('applies the defaults: loopback on port 3000, ./data beside where npm was started, sandbox on', () => {
    const config = loadConfig({ INIT_CWD: '/srv/crewpay' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.resolve('/srv/crewpay/data'),
      isSandbox: true,
      trustProxy: false,
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.operatorToken).toMatch(/^[\w-]{32}$/);
    expect(loadConfig({}).operatorToken).not.toBe(config.operatorToken);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and SANDBOX=false', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/var/lib/crewpay',
      DATABASE_URL: 'postgres://u:p@db:5432/crewpay',
      SANDBOX: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      dataDir: '/var/lib/crewpay',
      databaseUrl: 'postgres://u:p@db:5432/crewpay',
      isSandbox: false,
    });
  });

  it('refuses to start on a bad value and names the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 64 hexadecimal characters/);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
    );
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow(/SANDBOX/);
  });

  it('derives emailed links from where the app listens, unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ HOST: '192.0.2.10', PORT: '8080' }).publicUrl).toBe('http://192.0.2.10:8080');
    expect(loadConfig({ HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://pay.example.com/' }).publicUrl).toBe('https://pay.example.com');
  });

  it('keeps an OPERATOR_TOKEN that is long enough', () => {
    expect(loadConfig({ OPERATOR_TOKEN: 'a-token-of-sixteen+' }).operatorToken).toBe('a-token-of-sixteen+');
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN: must be at least 16 characters/);
  });
});

describe('liveModeProblems', () => {
  it('has nothing to say in the sandbox', () => {
    expect(liveModeProblems(loadConfig({}))).toEqual([]);
  });

  const liveEnv = {
    SANDBOX: 'false',
    SMTP_URL: 'smtp://mail.example.com:587',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
    STRIPE_PLATFORM_FINANCIAL_ACCOUNT: 'fa_platform',
    PAYPAL_CLIENT_ID: 'client',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_WEBHOOK_ID: 'WH-1',
    PAYPAL_PARTNER_MERCHANT_ID: 'PARTNER2345678',
    PAYPAL_PARTNER_ATTRIBUTION_ID: 'Crewpay_SP',
    SMS_ACCOUNT_SID: 'AC1',
    SMS_AUTH_TOKEN: 'token',
    SMS_FROM: '+15005550006',
    QUICKBOOKS_CLIENT_ID: 'qb-client',
    QUICKBOOKS_CLIENT_SECRET: 'qb-secret',
    QUICKBOOKS_REDIRECT_URI: 'https://crewpay.example/api/qb/callback',
    QUICKBOOKS_ENVIRONMENT: 'production',
  };

  it('names every missing variable and every service still without a real adapter when SANDBOX=false', () => {
    const problems = liveModeProblems(loadConfig({ SANDBOX: 'false' })).join('\n');
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_CONNECT_WEBHOOK_SECRET',
      'STRIPE_PUBLISHABLE_KEY',
      'PAYPAL_CLIENT_ID',
      'PAYPAL_CLIENT_SECRET',
      'PAYPAL_WEBHOOK_ID',
      'PAYPAL_PARTNER_MERCHANT_ID',
      'PAYPAL_PARTNER_ATTRIBUTION_ID',
      'SMS_ACCOUNT_SID',
      'SMS_AUTH_TOKEN',
      'SMS_FROM',
      'QUICKBOOKS_CLIENT_ID',
      'QUICKBOOKS_CLIENT_SECRET',
      'QUICKBOOKS_REDIRECT_URI',
      'QUICKBOOKS_ENVIRONMENT',
    ])
      expect(problems).toContain(`${name} is not set`);
    expect(problems).toMatch(/email: SMTP_URL is not set/);
    // Every capability has a real adapter now: only configuration can be missing.
    expect(problems).not.toMatch(/no real adapter/);
  });

  it('names only what is missing once the rest is set', () => {
    const { PAYPAL_WEBHOOK_ID: _unset, ...env } = liveEnv;
    const problems = liveModeProblems(loadConfig(env));
    expect(problems.filter((problem) => problem.includes('is not set'))).toEqual([
      "PAYPAL_WEBHOOK_ID is not set (the id of PayPal's webhook /v1/webhooks/paypal)",
    ]);
    expect(problems.join('\n')).not.toMatch(/STRIPE|SMS_|SMTP/);
  });

  it('takes a Twilio Messaging Service instead of SMS_FROM, and refuses one that is not a Messaging Service SID', () => {
    const { SMS_FROM: _unset, ...env } = liveEnv;
    expect(liveModeProblems(loadConfig(env)).join('\n')).toMatch(/SMS_FROM is not set/);
    const service = `MG${'a'.repeat(32)}`;
    const config = loadConfig({ ...env, SMS_MESSAGING_SERVICE_SID: service });
    expect(config.providers.sms.messagingServiceSid).toBe(service);
    expect(liveModeProblems(config).join('\n')).not.toMatch(/SMS_/);
    expect(() => loadConfig({ SMS_MESSAGING_SERVICE_SID: 'PN123' })).toThrow(/SMS_MESSAGING_SERVICE_SID/);
  });

  it("names QuickBooks Online's missing settings, and a redirect URI that is not the callback", () => {
    const { QUICKBOOKS_ENVIRONMENT: _unset, ...env } = liveEnv;
    expect(liveModeProblems(loadConfig(env))).toEqual([
      "QUICKBOOKS_ENVIRONMENT is not set (sandbox or production: which of Intuit's environments the keys are for)",
    ]);
    expect(liveModeProblems(loadConfig({ ...liveEnv, QUICKBOOKS_REDIRECT_URI: 'https://crewpay.example/callback' }))).toEqual([
      'QUICKBOOKS_REDIRECT_URI must end in /api/qb/callback (it is https://crewpay.example/callback)',
    ]);
    expect(loadConfig(liveEnv).providers.quickbooks.apiBase).toBe('https://quickbooks.api.intuit.com');
    expect(loadConfig({ ...liveEnv, QUICKBOOKS_ENVIRONMENT: 'sandbox' }).providers.quickbooks.apiBase).toBe(
      'https://sandbox-quickbooks.api.intuit.com',
    );
    expect(() => loadConfig({ QUICKBOOKS_ENVIRONMENT: 'staging' })).toThrow(/QUICKBOOKS_ENVIRONMENT/);
  });

  it('reads the base addresses so tests can point the adapters at local fakes', () => {
    const config = loadConfig({
      STRIPE_API_BASE: 'http://127.0.0.1:4196',
      PAYPAL_API_BASE: 'http://127.0.0.1:4197/',
      SMS_API_BASE: 'http://127.0.0.1:4198',
    });
    expect(config.providers.stripe.apiBase).toBe('http://127.0.0.1:4196');
    expect(config.providers.paypal.apiBase).toBe('http://127.0.0.1:4197');
    expect(config.providers.sms.apiBase).toBe('http://127.0.0.1:4198');
    expect(loadConfig({}).providers.paypal.apiBase).toBe('https://api-m.paypal.com');
    expect(() => loadConfig({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });

  it("reads Nium's client, key, name and webhook partner key, refusing a client id that is not Nium's UUID", () => {
    const config = loadConfig({
      NIUM_API_KEY: 'key',
      NIUM_CLIENT_HASH_ID: '0498f10f-1968-494f-9f7a-454ed23942a0',
      NIUM_WEBHOOK_PARTNER_KEY: 'a-static-partner-key',
      NIUM_API_BASE: 'http://127.0.0.1:4199/',
    });
    expect(config.providers.nium).toEqual({
      apiKey: 'key',
      clientHashId: '0498f10f-1968-494f-9f7a-454ed23942a0',
      clientName: 'crewpay',
      webhookPartnerKey: 'a-static-partner-key',
      apiBase: 'http://127.0.0.1:4199',
    });
    expect(loadConfig({}).providers.nium.apiBase).toBe('https://gateway.nium.com');
    expect(() => loadConfig({ NIUM_CLIENT_HASH_ID: 'client-1' })).toThrow(/NIUM_CLIENT_HASH_ID/);
  });
});
