import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import { OPERATOR_HEADER, OPERATOR_ONLY_MESSAGE } from './operator-only.ts';

const REMOTE = '203.0.113.7';
const OPERATOR_TOKEN = 'operator-token-for-the-tests-0123456789';

let ctx: TestContext;
/** A server reached directly, not behind a proxy (TRUST_PROXY off, as `npm start` runs by default). */
let direct: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ OPERATOR_TOKEN });
  direct = await createTestContext({ OPERATOR_TOKEN, TRUST_PROXY: 'false' });
});

describe('sandbox tools from another machine', () => {
  it('refuse the account takeover path: a reset email cannot be read from /dev/outbox', async () => {
    const { user } = await createOwner(ctx.app);
    const email = user.email;
    const reset = await ctx.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email }, remoteAddress: REMOTE });
    expect(reset.statusCode).toBe(200);

    const outbox = await ctx.app.inject({
      method: 'GET',
      url: '/dev/outbox',
      headers: { accept: 'application/json' },
      remoteAddress: REMOTE,
    });
    expect(outbox.statusCode).toBe(403);
    expect(outbox.json()).toMatchObject({ code: 'operator_only' });
    expect(outbox.body).not.toContain(email);
  });

  it('refuse moving the clock, the verification page and the PayPal consent page', async () => {
    const requests = [
      { method: 'POST' as const, url: '/dev/clock/advance', payload: { seconds: 60 } },
      { method: 'GET' as const, url: '/dev/clock' },
      { method: 'GET' as const, url: '/sandbox/verify/any' },
      { method: 'GET' as const, url: '/sandbox/paypal/consent?state=x' },
    ];
    for (const request of requests) {
      const response = await ctx.app.inject({ ...request, remoteAddress: REMOTE });
      expect(response.statusCode, request.url).toBe(403);
    }
    const clock = await ctx.app.inject({ method: 'GET', url: '/dev/clock', headers: { [OPERATOR_HEADER]: OPERATOR_TOKEN } });
    expect(clock.json().offset_seconds).toBe(0);
  });

  it('do not trust an X-Forwarded-For that claims loopback', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/dev/clock',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: REMOTE,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuse a wrong operator token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/dev/clock',
      headers: { [OPERATOR_HEADER]: 'wrong' },
      remoteAddress: REMOTE,
    });
    expect(response.statusCode).toBe(403);
  });

  it('answer the operator token in the header, or in the query (kept in a cookie for the page’s own posts)', async () => {
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: '/dev/clock',
      headers: { [OPERATOR_HEADER]: OPERATOR_TOKEN },
      remoteAddress: REMOTE,
    });
    expect(byHeader.statusCode).toBe(200);

    const byQuery = await ctx.app.inject({ method: 'GET', url: `/dev/clock?operator_token=${OPERATOR_TOKEN}`, remoteAddress: REMOTE });
    expect(byQuery.statusCode).toBe(200);
    const cookie = String(byQuery.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toContain('crewpay_operator=');

    const byCookie = await ctx.app.inject({ method: 'GET', url: '/dev/clock', headers: { cookie }, remoteAddress: REMOTE });
    expect(byCookie.statusCode).toBe(200);
  });
});

describe('sandbox tools on this machine', () => {
  it('refuse a loopback caller without the token: a same-host proxy that adds no forwarding header looks the same (issue 40, finding 7)', async () => {
    // nginx's default proxy_pass sends no X-Forwarded-For: its requests arrive from 127.0.0.1, bare.
    const { user } = await createOwner(direct.app);
    await direct.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email: user.email } });
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      for (const url of ['/dev/outbox', '/dev/clock', '/dev/sms', '/sandbox/verify/any', '/metrics']) {
        const response = await direct.app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress });
        expect(response.statusCode, `${remoteAddress} ${url}`).toBe(403);
        expect(response.body).not.toContain(user.email);
      }
      const clock = await direct.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds: 60 }, remoteAddress });
      expect(clock.statusCode, remoteAddress).toBe(403);
    }
    const withToken = await direct.app.inject({ method: 'GET', url: '/dev/clock', headers: { [OPERATOR_HEADER]: OPERATOR_TOKEN } });
    expect(withToken.statusCode).toBe(200);
  });

  it('leave the rest of the API to its own rules', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/meta', remoteAddress: REMOTE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      sandbox: true,
      payment_method_wizard: false,
      stripe_publishable_key: null,
      analytics: false,
      esign_provider: 'builtin',
      dropbox_sign_client_id: null,
      dropbox_sign_test_mode: false,
    });
  });
});

describe('sandbox tools behind a proxy on this machine', () => {
  // nginx on the same host connects from 127.0.0.1 and says who it speaks for in these headers.
  const forwarded: Record<string, string>[] = [
    { 'x-forwarded-for': REMOTE },
    { 'x-forwarded-for': '127.0.0.1' },
    { forwarded: `for=${REMOTE};proto=https` },
    { 'x-real-ip': REMOTE },
    { 'x-forwarded-host': 'pay.example.com' },
    { 'x-forwarded-proto': 'https' },
    { via: '1.1 proxy' },
  ];

  it('refuse a loopback request carrying forwarding headers: a reset email cannot be read through the proxy', async () => {
    const { user } = await createOwner(direct.app);
    await direct.app.inject({ method: 'PUT', url: '/v1/users/password/reset', payload: { email: user.email } });
    for (const headers of forwarded) {
      const outbox = await direct.app.inject({
        method: 'GET',
        url: '/dev/outbox',
        headers: { ...headers, accept: 'application/json' },
        remoteAddress: '127.0.0.1',
      });
      expect(outbox.statusCode, JSON.stringify(headers)).toBe(403);
      expect(outbox.json()).toMatchObject({ code: 'operator_only', message: OPERATOR_ONLY_MESSAGE });
      expect(outbox.body).not.toContain(user.email);
    }
    const clock = await direct.app.inject({ method: 'POST', url: '/dev/clock/advance', headers: forwarded[0], payload: { seconds: 60 } });
    expect(clock.statusCode).toBe(403);
  });

  it('refuse every loopback request without the token when TRUST_PROXY is set, and answer the token', async () => {
    for (const url of ['/dev/outbox', '/dev/clock', '/sandbox/verify/any', '/sandbox/paypal/consent?state=x']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, remoteAddress: '127.0.0.1' });
      expect(response.statusCode, url).toBe(403);
    }
    const withToken = await ctx.app.inject({
      method: 'GET',
      url: '/dev/clock',
      headers: { ...forwarded[0], [OPERATOR_HEADER]: OPERATOR_TOKEN },
      remoteAddress: '127.0.0.1',
    });
    expect(withToken.statusCode).toBe(200);
  });
});
