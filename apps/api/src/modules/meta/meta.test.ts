import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/context.ts';
import { advanceSandboxClock } from '../../lib/clock.ts';

describe('GET /v1/meta outside the sandbox', () => {
  it("gives the pay page Stripe's publishable key, and never a secret", async () => {
    const ctx = await createTestContext({
      SANDBOX: 'false',
      STRIPE_SECRET_KEY: 'sk_test_never_shown',
      STRIPE_WEBHOOK_SECRET: 'whsec_never_shown',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Public',
      // No call leaves: building the app and answering /meta talk to no provider.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sandbox: false,
      payment_method_wizard: false,
      stripe_publishable_key: 'pk_test_51Public',
      analytics: false,
      esign_provider: 'builtin',
      dropbox_sign_client_id: null,
      dropbox_sign_test_mode: false,
    });
    expect(response.body).not.toContain('never_shown');
    // Stripe.js (card field, 3-D Secure, the bank login) may load, frame and call its API; nothing else from outside.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com;");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;");
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
  });
});

describe('GET /v1/meta with Dropbox Sign', () => {
  it("names Dropbox Sign and its API app's client id, and lets the page frame its embedded editor", async () => {
    const ctx = await createTestContext({
      ESIGN_PROVIDER: 'dropbox_sign',
      DROPBOX_SIGN_API_KEY: 'dropbox_sign_key_never_shown',
      DROPBOX_SIGN_CLIENT_ID: 'c'.repeat(32),
      DROPBOX_SIGN_TEST_MODE: 'true',
      DROPBOX_SIGN_API_BASE: 'http://127.0.0.1:9',
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/meta' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      esign_provider: 'dropbox_sign',
      dropbox_sign_client_id: 'c'.repeat(32),
      dropbox_sign_test_mode: true,
    });
    expect(response.body).not.toContain('never_shown');
    expect(String(response.headers['content-security-policy'])).toContain("frame-src 'self' https://embedded.hellosign.com;");
  });
});

describe('GET /v1/meta/clock', () => {
  it("answers the sandbox clock's time and day to anyone, moved on when the clock is", async () => {
    const ctx = await createTestContext();
    const before = (await ctx.app.inject({ method: 'GET', url: '/v1/meta/clock' })).json<{ now: string; today: string }>();
    expect(before.today).toBe(before.now.slice(0, 10));
    await advanceSandboxClock(ctx.deps.db, 40 * 86_400);
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/meta/clock' });
    expect(response.statusCode).toBe(200);
    const after = response.json<{ now: string; today: string }>();
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(40 * 86_400_000);
    expect(after.today).toBe(new Date(Date.parse(before.now) + 40 * 86_400_000).toISOString().slice(0, 10));
  });
});
