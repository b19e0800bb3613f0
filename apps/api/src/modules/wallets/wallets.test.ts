import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { activate, createCollaborator, stripeWalletId } from '../../../test/wallet-fixtures.ts';
import { agreeOnSandboxPaypal, completePaypalConnect, startPaypalConnect } from '../../../test/paypal-fixtures.ts';
import { SANDBOX_PAYPAL_OPENING_BALANCE } from '../../providers/paypal-accounts/index.ts';

let ctx: TestContext;
let sandboxOff: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  sandboxOff = await createTestContext({ SANDBOX: 'false' });
});

describe('wallet routes and roles', () => {
  it('refuses every wallet, treasury and PayPal route to a collaborator', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const walletId = await stripeWalletId(ctx.app, owner.headers);
    const { headers } = await createCollaborator(ctx.deps, owner.org.id);
    const calls = [
      ['GET', '/v1/wallets', undefined],
      ['GET', `/v1/wallets/${walletId}`, undefined],
      ['GET', `/v1/wallets/${walletId}/transactions`, undefined],
      ['POST', '/v1/treasury/account', { account_number: '000123456789', routing_number: '110000000' }],
      ['POST', '/v1/treasury/ach_debit', { amount: 100, payment_method: 'pm_x' }],
      ['POST', '/v1/treasury/ach', { amount: 100, name: 'A', description: 'B', account_num: '000123456789', routing_num: '110000000' }],
      ['POST', '/v1/treasury/load', { amount: 100 }],
      ['GET', '/v1/paypal/oauth', undefined],
      ['DELETE', '/v1/paypal/oauth', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 404 for POST /v1/treasury/load and the sandbox pages outside the sandbox', async () => {
    const owner = await createOwner(sandboxOff.app);
    const load = await sandboxOff.app.inject({
      method: 'POST',
      url: '/v1/treasury/load',
      headers: owner.headers,
      payload: { amount: 100 },
    });
    expect(load.statusCode).toBe(404);
    expect((await sandboxOff.app.inject({ method: 'GET', url: '/sandbox/verify/seti_x' })).statusCode).toBe(404);
    expect((await sandboxOff.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds: 1 } })).statusCode).toBe(404);
  });

  it('reads and advances the one sandbox clock', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/dev/clock', headers: operatorHeaders })).json();
    const advanced = (
      await ctx.app.inject({ method: 'POST', url: '/dev/clock/advance', headers: operatorHeaders, payload: { seconds: 3600 } })
    ).json();
    expect(advanced.offset_seconds).toBe(before.offset_seconds + 3600);
    expect(new Date(advanced.now).getTime() - new Date(before.now).getTime()).toBeGreaterThanOrEqual(3_600_000);
  });
});

describe('/v1/paypal/oauth', () => {
  it('connects through the sandbox PayPal onboarding, completes with the code, shows the account balance and deactivates', async () => {
    const owner = await createOwner(ctx.app);
    const status = (await ctx.app.inject({ method: 'GET', url: '/v1/paypal/oauth', headers: owner.headers })).json();
    expect(status).toMatchObject({
      status: 'unlinked',
      email: null,
      url: expect.stringMatching(/^http:\/\/crewpay\.test\/v1\/paypal\/onboard\?state=/),
    });
    const consentUrl = await startPaypalConnect(ctx.app, owner.headers);
    expect(consentUrl).toMatch(/^http:\/\/crewpay\.test\/sandbox\/paypal\/consent\?referral=/);
    const page = await ctx.app.inject({
      method: 'GET',
      url: new URL(consentUrl).pathname + new URL(consentUrl).search,
      headers: operatorHeaders,
    });
    expect(page.body).toContain('Agree and Connect');
    const back = await agreeOnSandboxPaypal(ctx.app, consentUrl, 'Payouts@Acme.example');
    // PayPal's onboarding is used once.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/consent',
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ referral: new URL(consentUrl).searchParams.get('referral')!, email: 'x@y.example' }).toString(),
    });
    expect(replay.statusCode).toBe(400);

    const other = await createOwner(ctx.app);
    expect((await completePaypalConnect(ctx.app, other.headers, back)).statusCode).toBe(400);

    const linked = await completePaypalConnect(ctx.app, owner.headers, back);
    expect(linked.json()).toEqual({ status: 'linked', email: 'payouts@acme.example', url: null });
    // The code is used once.
    expect((await completePaypalConnect(ctx.app, owner.headers, back)).statusCode).toBe(400);
    const wallets = (await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers })).json();
    expect(wallets.paypal).toEqual({ id: expect.any(String), balances: [{ currency: 'usd', amount: SANDBOX_PAYPAL_OPENING_BALANCE }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: owner.headers })).json().paypal_enabled).toBe(true);

    const off = await ctx.app.inject({ method: 'DELETE', url: '/v1/paypal/oauth', headers: owner.headers });
    expect(off.json().status).toBe('unlinked');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers })).json()).toEqual({});
  });

  it('refuses a connection link used twice or expired, on a page that leads back to the wallets', async () => {
    const owner = await createOwner(ctx.app);
    const { url } = (await ctx.app.inject({ method: 'GET', url: '/v1/paypal/oauth', headers: owner.headers })).json<{ url: string }>();
    const path = new URL(url).pathname + new URL(url).search;
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(303);
    const again = await ctx.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This PayPal connection request has expired, please start again');
    expect(again.body).toContain('href="/wallets?tab=paypal"');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/paypal/onboard?state=forged' })).statusCode).toBe(400);
  });
});
