import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PAYPAL_FAKE_PARTNER, startPaypalFake, type PaypalFake } from './paypal-fake.ts';

async function tokenOf(fake: PaypalFake): Promise<string> {
  const answer = await fetch(`${fake.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${PAYPAL_FAKE_PARTNER.clientId}:${PAYPAL_FAKE_PARTNER.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

const batch = (items: unknown[]) => ({
  sender_batch_header: { sender_batch_id: `batch-${Math.random()}`, recipient_type: 'EMAIL' },
  items,
});
const item = (receiver: string, value = '10.00') => ({ receiver, amount: { value, currency: 'USD' }, sender_item_id: 'item-1' });

async function post(fake: PaypalFake, token: string, body: unknown) {
  const answer = await fetch(`${fake.url}/v1/payments/payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { name?: string; details?: { description?: string; issue?: string }[] } };
}

describe('the PayPal fake', () => {
  it("refuses a request that breaks PayPal's official Payouts description, saying why, and keeps the problem", async () => {
    const fake = await startPaypalFake();
    const token = await tokenOf(fake);
    // The description: items has at least one entry, and an amount is an object {currency, value}.
    const refused = await post(fake, token, {
      sender_batch_header: { sender_batch_id: 'b-1' },
      items: [{ receiver: 'a@example.com', amount: 10 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.name).toBe('INVALID_REQUEST');
    expect(refused.body.details!.map((detail) => detail.description)).toContainEqual(
      expect.stringContaining('/items/0/amount must be object'),
    );
    expect(fake.problems).toEqual([expect.stringContaining('POST /v1/payments/payouts: body/items/0/amount must be object')]);
    // Nothing was paid from the partner's balance.
    expect(fake.state().batches).toEqual([]);
  });

  it("refuses a Venmo item without the note PayPal requires, and pays a well-formed batch from the caller's balance", async () => {
    const fake = await startPaypalFake();
    const token = await tokenOf(fake);
    const venmo = { ...item('+15125550123'), recipient_type: 'PHONE', recipient_wallet: 'VENMO' };
    const refused = await post(fake, token, batch([venmo]));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'items[0].note', location: 'body', issue: 'Note is required for Venmo payouts' }]);
    const before = fake.state().partner.balance;
    expect((await post(fake, token, batch([{ ...venmo, note: 'Payment from Acme' }, item('pat@example.com')]))).status).toBe(201);
    expect(fake.state().partner.balance).toBe(before - 2_000);
    expect(fake.problems).toEqual([]);
  });

  it('runs standalone on a fixed port: GET /_fake/state, and its webhooks delivered to the URL it was given, signed', async () => {
    const received: string[] = [];
    const listener = createServer((request, response) => {
      received.push(String(request.headers['paypal-transmission-sig']));
      response.end('{}');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const fake = await startPaypalFake({
      port,
      webhookUrl: `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v1/webhooks/paypal`,
    });
    expect(fake.url).toBe(`http://127.0.0.1:${port}`);
    expect((await post(fake, await tokenOf(fake), batch([item('pat@example.com')]))).status).toBe(201);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    const state = (await (await fetch(`${fake.url}/_fake/state`)).json()) as ReturnType<PaypalFake['state']>;
    expect(state.batches[0]).toMatchObject({
      batch_status: 'SUCCESS',
      items: [{ receiver: 'pat@example.com', amount: 1_000, transaction_status: 'SUCCESS' }],
    });
    await fake.close();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
  });
});
