import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { deliverDue, recordWebhookDeliveries, MAX_DELIVERY_AGE_MS, retryDelayMs } from './index.ts';
import { isBlockedAddress } from './url-guard.ts';
import { postJson } from './http-post.ts';

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** A local receiver answering each request with the next status of `statuses` (then 200). */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The recipe of docs/webhooks.md, written as a receiver would. */
function verifyAsDocumented(secret: string, header: string, rawBody: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${rawBody}`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return fresh && timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parts.v1, 'hex'));
}

let ctx: TestContext;
let production: TestContext;
/** Sandbox mode as `npm start` runs it: no private host allowed. */
let sandbox: TestContext;
const receivers: Array<{ close: () => Promise<void> }> = [];
beforeAll(async () => {
  // The receivers of these tests listen on this machine; example.com is named so no DNS is needed.
  ctx = await createTestContext({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,example.com' });
  production = await createTestContext({ SANDBOX: 'false' });
  sandbox = await createTestContext();
});
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

async function register(context: TestContext, headers: Record<string, string>, payload: object) {
  return context.app.inject({ method: 'POST', url: '/v1/webhook_endpoints', headers, payload });
}

describe('webhook endpoints', () => {
  it('signs a test event so the documented recipe verifies it, and logs the delivery', async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const owner = await createOwner(ctx.app);
    const created = await register(ctx, owner.headers, { url: receiver.url });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json<{ id: string; secret: string }>();
    expect(secret).toMatch(/^whsec_/);
    const [row] = await ctx.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row!.secret_sealed).not.toContain(secret);
    const listed = await ctx.app.inject({ method: 'GET', url: '/v1/webhook_endpoints', headers: owner.headers });
    expect(listed.body).not.toContain(secret);

    const test = await ctx.app.inject({ method: 'POST', url: `/v1/webhook_endpoints/${id}/test`, headers: owner.headers });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ event_type: 'webhook.test', status: 'delivered', attempts: 1, response_code: 200 });

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const header = delivery!.headers['crewpay-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyAsDocumented(secret, header, delivery!.body)).toBe(true);
    expect(verifyAsDocumented('whsec_wrong', header, delivery!.body)).toBe(false);
    expect(JSON.parse(delivery!.body)).toMatchObject({ type: 'webhook.test', data: { message: 'This is a test event from Crewpay' } });

    const log = await ctx.app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${id}/deliveries`, headers: owner.headers });
    expect(log.json()).toMatchObject([{ status: 'delivered', response_code: 200, attempts: 1, next_attempt_at: null }]);
  });

  it('retries with exponential backoff after a 500, then succeeds', async () => {
    const receiver = await startReceiver([500, 503]);
    receivers.push(receiver);
    const owner = await createOwner(ctx.app);
    // Only this organisation's deliveries: other test files leave theirs pending in the shared database.
    const scope = { org_id: owner.org.id };
    const { id } = (await register(ctx, owner.headers, { url: receiver.url, events: ['payment.posted'] })).json<{ id: string }>();
    // Only subscribed types are recorded.
    expect(await recordWebhookDeliveries(ctx.deps.db, { org_id: owner.org.id, type: 'invoice.paid', data: {} })).toHaveLength(0);
    const [deliveryId] = await recordWebhookDeliveries(ctx.deps.db, { org_id: owner.org.id, type: 'payment.posted', data: { id: 'p1' } });
    const load = async () => (await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!)))[0]!;

    // A millisecond ahead: the row's next_attempt_at is PostgreSQL's now() in microseconds, and a
    // JS Date taken within the same millisecond truncates below it, so the delivery would not be due yet.
    const start = new Date(Date.now() + 1);
    await deliverDue(ctx.deps, start, scope);
    let delivery = await load();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_code: 500 });
    expect(delivery.next_attempt_at.getTime() - start.getTime()).toBe(retryDelayMs(1));

    // Not due yet: nothing is sent.
    await deliverDue(ctx.deps, new Date(start.getTime() + retryDelayMs(1) - 1000), scope);
    expect(receiver.received).toHaveLength(1);

    const second = new Date(start.getTime() + retryDelayMs(1));
    await deliverDue(ctx.deps, second, scope);
    delivery = await load();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2, response_code: 503 });
    expect(delivery.next_attempt_at.getTime() - second.getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    await deliverDue(ctx.deps, new Date(second.getTime() + retryDelayMs(2)), scope);
    delivery = await load();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200 });
    expect(receiver.received).toHaveLength(3);
    const log = await ctx.app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${id}/deliveries`, headers: owner.headers });
    expect(log.json()[0]).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('gives up after three days of failures', async () => {
    const receiver = await startReceiver(Array.from({ length: 50 }, () => 500));
    receivers.push(receiver);
    const owner = await createOwner(ctx.app);
    // Only this organisation's deliveries: other test files leave theirs pending in the shared database.
    const scope = { org_id: owner.org.id };
    await register(ctx, owner.headers, { url: receiver.url });
    const [deliveryId] = await recordWebhookDeliveries(ctx.deps.db, { org_id: owner.org.id, type: 'payment.failed', data: {} });
    let now = Date.now() + 1; // past the row's microsecond now(), as above
    for (let i = 0; i < 40; i += 1) {
      const [row] = await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
      if (row!.status !== 'pending') break;
      now = Math.max(now, row!.next_attempt_at.getTime());
      await deliverDue(ctx.deps, new Date(now), scope);
    }
    const [row] = await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row!.status).toBe('failed');
    expect(now - row!.created_at.getTime()).toBeLessThanOrEqual(MAX_DELIVERY_AGE_MS);
    expect(row!.attempts).toBeGreaterThan(10);
  });

  it('refuses loopback, private and link-local addresses outside sandbox mode', async () => {
    const owner = await createOwner(production.app);
    for (const url of [
      'http://127.0.0.1/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://192.168.1.1/',
      'http://[::1]/',
      'http://localhost:3000/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const response = await register(production, owner.headers, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Webhooks cannot be sent to private, loopback or link-local addresses',
        field: 'url',
      });
    }
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', 'not a url']) {
      const response = await register(production, owner.headers, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe('Enter an http or https URL');
    }
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('172.20.0.1')).toBe(true);
  });

  it('checks the address again at delivery time', async () => {
    const owner = await createOwner(production.app);
    const [endpoint] = await production.deps.db
      .insert(webhookEndpoints)
      .values({
        id: crypto.randomUUID(),
        org_id: owner.org.id,
        url: 'http://127.0.0.1:9/hook',
        secret_sealed: production.deps.secrets.encrypt('whsec_x'),
      })
      .returning();
    const [deliveryId] = await recordWebhookDeliveries(production.deps.db, { org_id: owner.org.id, type: 'payment.posted', data: {} });
    await deliverDue(production.deps, new Date(Date.now() + 1), { org_id: owner.org.id });
    const [row] = await production.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row).toMatchObject({ endpoint_id: endpoint!.id, status: 'pending', attempts: 1, response_code: null });
    expect(row!.last_error).toBe('Webhooks cannot be sent to private, loopback or link-local addresses');
  });

  it('sends a delivery once when two workers run together, and does not follow redirects', async () => {
    const receiver = await startReceiver([302]);
    receivers.push(receiver);
    const owner = await createOwner(ctx.app);
    // Only this organisation's deliveries: other test files leave theirs pending in the shared database.
    const scope = { org_id: owner.org.id };
    await register(ctx, owner.headers, { url: receiver.url });
    const [deliveryId] = await recordWebhookDeliveries(ctx.deps.db, { org_id: owner.org.id, type: 'payment.posted', data: {} });
    const now = new Date(Date.now() + 1); // past the row's microsecond now(), as above
    const sent = await Promise.all([deliverDue(ctx.deps, now, scope), deliverDue(ctx.deps, now, scope), deliverDue(ctx.deps, now, scope)]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [row] = await ctx.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response_code: 302 });
  });

  it('answers bad input with messages, never a 500', async () => {
    const owner = await createOwner(ctx.app);
    for (const payload of [
      { url: 'https://example.com/\u0000' },
      { url: `https://example.com/${'a'.repeat(3000)}` },
      { url: 42 },
      {},
      { url: 'https://example.com', events: 'all' },
    ]) {
      const response = await register(ctx, owner.headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/webhook_endpoints/not-a-uuid/test', headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it("checks the connection's own DNS answer (DNS rebinding)", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const url = new URL(receiver.url.replace('127.0.0.1', 'localhost'));
    const send = (allowPrivate: boolean) => postJson(url, { headers: {}, body: '{}', timeoutMs: 5000, allowPrivate });
    await expect(send(false)).rejects.toThrow('Webhooks cannot be sent to private, loopback or link-local addresses');
    expect(receiver.received).toHaveLength(0);
    await expect(send(true)).resolves.toBe(200);
  });

  it('refuses loopback, private and link-local addresses in sandbox mode too: the sandbox tools and cloud metadata (issue 40, finding 7)', async () => {
    const owner = await createOwner(sandbox.app);
    for (const url of [
      'http://127.0.0.1:3000/dev/outbox',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:3000/dev/clock',
      'http://10.0.0.5/',
    ]) {
      const response = await register(sandbox, owner.headers, { url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Webhooks cannot be sent to private, loopback or link-local addresses',
        field: 'url',
      });
    }
  });

  it('checks the address again at delivery time in sandbox mode too', async () => {
    const owner = await createOwner(sandbox.app);
    await sandbox.deps.db.insert(webhookEndpoints).values({
      id: crypto.randomUUID(),
      org_id: owner.org.id,
      url: 'http://169.254.169.254/latest/meta-data/',
      secret_sealed: sandbox.deps.secrets.encrypt('whsec_x'),
    });
    const [deliveryId] = await recordWebhookDeliveries(sandbox.deps.db, { org_id: owner.org.id, type: 'payment.posted', data: {} });
    await deliverDue(sandbox.deps, new Date(Date.now() + 1), { org_id: owner.org.id });
    const [row] = await sandbox.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId!));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, response_code: null });
    expect(row!.last_error).toBe('Webhooks cannot be sent to private, loopback or link-local addresses');
  });

  it('keeps each organisation to its own endpoints, and managing them to owners and admins', async () => {
    const owner = await createOwner(ctx.app);
    const other = await createOwner(ctx.app);
    const { id } = (await register(ctx, other.headers, { url: 'https://example.com/hook' })).json<{ id: string }>();
    for (const request of [
      { method: 'DELETE', url: `/v1/webhook_endpoints/${id}` },
      { method: 'POST', url: `/v1/webhook_endpoints/${id}/test` },
    ] as const) {
      expect((await ctx.app.inject({ ...request, headers: owner.headers })).statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/webhook_endpoints/${id}/deliveries`, headers: owner.headers })).json()).toEqual(
      [],
    );
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await register(ctx, collaborator.headers, { url: 'https://example.com/hook' })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/webhook_endpoints', headers: collaborator.headers })).statusCode).toBe(403);
    const badEvent = await register(ctx, owner.headers, { url: 'https://example.com/hook', events: ['nope'] });
    expect(badEvent.statusCode).toBe(400);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/v1/webhook_endpoints/${id}`, headers: other.headers });
    expect(deleted.statusCode).toBe(200);
  });
});
