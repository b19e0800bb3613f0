import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';

/** Ids that are not UUIDs, huge numbers and wrong types: a readable 400 on every route, never a 500. */
describe('ids, numbers and types a person did not mean', () => {
  let ctx: TestContext;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    headers = (await createOwner(ctx.app)).headers;
  });

  const send = (method: string, url: string, payload?: unknown) =>
    ctx.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('refuses ids that are not UUIDs in a body or a query with a 400', async () => {
    const cases: [string, string, unknown?][] = [
      ['POST', '/v1/payments', [{ recipient: 'not-a-uuid', recipient_role: 'creator', earnings: 100, split: 100 }]],
      ['PUT', '/v1/payments', { id: 'x', earnings: 100, split: 100 }],
      ['DELETE', '/v1/payments', { ids: ['x'] }],
      ['PUT', '/v1/payments/initiate', { ids: ['x'] }],
      ['POST', '/v1/payments/reminders', ['x']],
      ['GET', '/v1/payments?recipient=x'],
      ['GET', '/v1/payments?payment_group_id=x'],
      ['GET', '/v1/tags/enrollments?creator_id=x'],
      ['POST', '/v1/tags/enrollment', [{ tag_id: 'x', creator_id: 'y' }]],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json().message, `${method} ${url}`).not.toMatch(/expected|Invalid input|Too big|Too small/);
    }
  });

  it('answers 404 for an id in the path that is not a UUID: it names nothing that exists', async () => {
    const cases: [string, string, unknown?][] = [
      ['GET', '/v1/payments/x'],
      ['GET', '/v1/wallets/x'],
      ['GET', '/v1/wallets/x/transactions'],
      ['GET', '/v1/creators/x'],
      ['PUT', '/v1/creators/x', { id: 'x' }],
      ['GET', '/v1/users/x'],
      ['PUT', '/v1/notifications/x'],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(response.json().message, `${method} ${url}`).toMatch(/not found/i);
    }
  });

  it('answers sentences a person wrote for huge numbers and wrong types', async () => {
    const huge = await send('POST', '/v1/payments', [
      { recipient: crypto.randomUUID(), recipient_role: 'creator', earnings: 1e15, split: 100 },
    ]);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('Enter an amount up to $1,000,000,000.00');

    const negative = await send('POST', '/v1/treasury/load', { amount: -1 });
    expect(negative.json().message).toBe('Enter an amount above $0.00');

    const text = await send('POST', '/v1/treasury/load', { amount: 'ten' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Enter an amount in dollars and cents');

    const wrongType = await send('PUT', '/v1/org', { name: 5, website: 'https://a.example' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('This field is required');

    const website = await send('PUT', '/v1/org', { name: 'Acme', website: 'not a website' });
    expect(website.statusCode).toBe(400);
    expect(website.json()).toMatchObject({ message: 'Enter a website address, like https://example.com', field: 'website' });
  });
});
