import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `settings-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

test('[settings] uploads a logo, sees it in the card and the header, then removes it', async ({ page, request }) => {
  const owner = await createOwner(request, 'logo', 'Logo Studios');
  await openSignedIn(page, owner.token, '/settings');
  const card = page.getByRole('region', { name: 'Logo' });
  await expect(card).toContainText('No logo');

  await card.getByLabel('Logo file').setInputFiles(path.resolve(test.info().project.testDir, 'support/logo.png'));
  await expect(toast(page, 'Logo updated!')).toBeVisible();
  const image = card.getByRole('img', { name: 'Organization logo' });
  await expect(image).toBeVisible();
  expect((await image.boundingBox())?.height).toBe(70);
  await expect(page.getByTestId('header-org-logo')).toBeVisible();
  await shot(page, '10-logo');

  // An HTML page named .png is refused by its content.
  await card
    .getByLabel('Logo file')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html><body>hi</body></html>') });
  await expect(toast(page, 'Invalid file type')).toBeVisible();

  await card.getByRole('button', { name: 'Remove logo' }).click();
  await expect(card).toContainText('No logo');
  await expect(page.getByTestId('header-org-logo')).toHaveCount(0);
});

test('[settings] switching a split source changes the sample money flow', async ({ page, request }) => {
  const owner = await createOwner(request, 'splits', 'Split Studios');
  await openSignedIn(page, owner.token, '/settings');
  const card = page.getByRole('region', { name: 'Splits' });
  await expect(card.getByTestId('split-amount-creator')).toHaveText('$800.00');
  await expect(card.getByTestId('split-amount-organization')).toHaveText('$1,000.00');

  await card.getByLabel('Agent split source').click();
  await page.getByRole('option', { name: "Org's split" }).click();
  await expect(toast(page, 'Organization updated!')).toBeVisible();
  await expect(card.getByTestId('split-amount-creator')).toHaveText('$900.00');
  await expect(card.getByTestId('split-amount-organization')).toHaveText('$1,100.00');
  await expect(card.getByTestId('split-amount-agent')).toHaveText('$100.00');
  await shot(page, '11-splits');

  await page.reload();
  await expect(card.getByLabel('Agent split source')).toHaveText("Org's split");
  const org = await (await request.get('/v1/org', { headers: { 'auth-token': owner.token } })).json();
  expect(org).toMatchObject({ agent_split_source: 'org', manager_split_source: 'creator' });
});

test('[settings] creates an API key with its scopes, calls the API within them, and deletes it', async ({ page, request }) => {
  const owner = await createOwner(request, 'apikey', 'Key Studios');
  await openSignedIn(page, owner.token, '/settings?tab=api');
  await expect(page.getByRole('main').getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card).toContainText('No API keys yet');
  await card.getByRole('button', { name: 'Create API key' }).click();
  const scopes = page.getByRole('dialog', { name: 'Create API key' });
  // The default scopes come ticked: read, creators and payments writes.
  await expect(scopes.getByRole('checkbox', { name: /^Read/ })).toBeChecked();
  await expect(scopes.getByRole('checkbox', { name: /^Payments/ })).toBeChecked();
  await expect(scopes.getByRole('checkbox', { name: /^Customers/ })).not.toBeChecked();
  await scopes.getByRole('checkbox', { name: /^Creators/ }).uncheck();
  await scopes.getByRole('checkbox', { name: /^Customers/ }).check();
  await shot(page, '12-api-key-scopes');
  await scopes.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await dialog.getByTestId('secret-once-value').inputValue();
  expect(key).toMatch(/^cp_sandbox_[A-Za-z0-9_-]{43}$/);
  await shot(page, '12-api-key-created');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByRole('list', { name: 'API key list' })).toContainText(`cp_sandbox_…${key.slice(-4)}`);
  await expect(card.getByRole('list', { name: 'API key list' })).toContainText('Scopes: read, payments:write, customers:write');
  await expect(card).not.toContainText(key);
  await shot(page, '12-api-key-listed');

  const bearer = { authorization: `Bearer ${key}` };
  const creators = await request.get('/v1/creators', { headers: bearer });
  expect(creators.status()).toBe(200);
  expect(await creators.json()).toMatchObject({ data: [] });
  const creator = await request.post('/v1/creators', {
    headers: bearer,
    data: { email: 'scoped@example.com', first_name: 'A', last_name: 'B' },
  });
  expect(creator.status()).toBe(403);
  // A key never travels with a session token beside it.
  expect((await request.get('/v1/creators', { headers: { ...bearer, 'auth-token': 'x' } })).status()).toBe(400);

  await card.getByRole('button', { name: `Delete cp_sandbox_…${key.slice(-4)}` }).click();
  await page.getByRole('dialog', { name: 'Delete API key' }).getByRole('button', { name: 'Delete' }).click();
  await expect(card).toContainText('No API keys yet');
  expect((await request.get('/v1/creators', { headers: bearer })).status()).toBe(401);
});

test('[settings] a webhook to a local receiver gets a signed test event, shown in the delivery log', async ({ page, request }) => {
  const received: Array<{ signature: string; body: string }> = [];
  const server = http.createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    incoming.on('end', () => {
      received.push({ signature: String(incoming.headers['crewpay-signature']), body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/crewpay-hooks`;
    const owner = await createOwner(request, 'webhook', 'Hook Studios');
    await openSignedIn(page, owner.token, '/settings?tab=api');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await add.getByLabel('Endpoint URL').fill(url);
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your webhook signing secret' });
    const secret = await secretDialog.getByTestId('secret-once-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();

    const endpoint = card.getByRole('article', { name: `Webhook ${url}` });
    await expect(endpoint).toContainText('All events');
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event sent')).toBeVisible();
    const log = endpoint.getByRole('table', { name: 'Webhook deliveries' });
    await expect(log.getByRole('row').nth(1)).toContainText('webhook.test');
    await expect(log.getByRole('row').nth(1)).toContainText('delivered');
    await expect(log.getByRole('row').nth(1)).toContainText('200');
    await shot(page, '13-webhook-delivered');

    // The documented recipe (docs/webhooks.md) verifies what the receiver got.
    expect(received).toHaveLength(1);
    const { signature, body } = received[0]!;
    const parts = Object.fromEntries(signature.split(',').map((part) => part.split('=')));
    const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
    expect(timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(parts.v1!, 'hex'))).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test' });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
