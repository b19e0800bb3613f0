import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('the HTTP surface', () => {
  it('answers unknown /v1 and /api routes with a JSON 404, signed in or not', async () => {
    for (const url of ['/v1/nothing-here', '/api/nothing-here', '/v1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users/signin',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'bad_request' });
    expect(response.json().message).toBeTruthy();
  });

  it('serves the OpenAPI document built from the route schemas, and the reference page at /docs', async () => {
    const document = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(document.statusCode).toBe(200);
    const paths = Object.keys(document.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/v1/users/signup', '/v1/users/signin', '/v1/org', '/v1/expiring_link']));
    const signupBody = document.json().paths['/v1/users/signup'].post.requestBody.content['application/json'].schema;
    expect(signupBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('lets the reference page use its inline styles, with scripts from this server only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/static/index.html' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('sets security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // The sandbox never loads a processor's script.
    expect(response.headers['content-security-policy']).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Refused calls carry them too, and a route's own CSP (the accounting pages') still wins.
    const refused = await ctx.app.inject({ method: 'GET', url: '/v1/creators' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('lists the outbox as an HTML page by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/dev/outbox', headers: operatorHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Sandbox outbox</h1>');
  });
});

describe('with SANDBOX=false', () => {
  it('has no /dev routes', async () => {
    const production = await createTestContext({ SANDBOX: 'false' });
    const response = await production.app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
  });
});
