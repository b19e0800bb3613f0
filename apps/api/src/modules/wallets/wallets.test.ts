import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { activate, createCollaborator, stripeWalletId } from '../../../test/wallet-fixtures.ts';

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
  it('connects through the sandbox consent page, completes with the code, shows the wallet and deactivates', async () => {
    const owner = await createOwner(ctx.app);
    const status = (await ctx.app.inject({ method: 'GET', url: '/v1/paypal/oauth', headers: owner.headers })).json();
    expect(status).toMatchObject({ status: 'unlinked', email: null });
    const consentPath = status.url.replace('http://crewpay.test', '');
    const page = await ctx.app.inject({ method: 'GET', url: consentPath, headers: operatorHeaders });
    expect(page.body).toContain('Agree and Connect');
    const state = new URL(status.url).searchParams.get('state')!;
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/consent',
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state, email: 'Payouts@Acme.example' }).toString(),
    });
    expect(consent.statusCode).toBe(303);
    const redirect = new URL(consent.headers.location as string, 'http://crewpay.test');
    expect(redirect.pathname).toBe('/wallets');
    expect(redirect.searchParams.get('tab')).toBe('paypal');
    const code = redirect.searchParams.get('code')!;

    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/paypal/consent',
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ state, email: 'x@y.example' }).toString(),
    });
    expect(replay.statusCode).toBe(400);

    const other = await createOwner(ctx.app);
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/paypal/oauth', headers: other.headers, payload: { code } })).statusCode).toBe(
      400,
    );

    const linked = await ctx.app.inject({ method: 'POST', url: '/v1/paypal/oauth', headers: owner.headers, payload: { code } });
    expect(linked.json()).toEqual({ status: 'linked', email: 'payouts@acme.example', url: null });
    const wallets = (await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers })).json();
    expect(wallets.paypal).toEqual({ id: expect.any(String), balances: [{ currency: 'usd', amount: 0 }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: owner.headers })).json().paypal_enabled).toBe(true);

    const off = await ctx.app.inject({ method: 'DELETE', url: '/v1/paypal/oauth', headers: owner.headers });
    expect(off.json().status).toBe('unlinked');
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers })).json()).toEqual({});
  });
});
