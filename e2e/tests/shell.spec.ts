import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

// States the API cannot produce yet (a delinquent organisation, notifications, external users)
// are answered here by intercepting the one call that carries them; the rest is the real server.

async function answerWith(page: Page, path: string, patch: (body: Record<string, unknown>) => Record<string, unknown>) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: patch((await response.json()) as Record<string, unknown>) });
  });
}

test('[shell] shows the delinquent banner linking to /wallets', async ({ page, request }) => {
  const owner = await createOwner(request, 'delinquent');
  await answerWith(page, '/v1/org', (org) => ({ ...org, billing_status: 'delinquent' }));
  await openSignedIn(page, owner.token, '/');
  const banner = page.getByRole('link', { name: "Your Organization's billing is delinquent, please add funds" });
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('href', '/wallets');
  await expect(banner).toHaveCSS('height', '35px');
});

test('[home] shows no splash and only the real figures for an activated organisation', async ({ page, request }) => {
  const owner = await createOwner(request, 'activated', 'Activated Co');
  await answerWith(page, '/v1/org', (org) => ({ ...org, treasury_id: 'fa_test_1' }));
  await openSignedIn(page, owner.token, '/');
  await expect(page.getByRole('heading', { name: 'Activated Co' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate your account' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Balance' })).toContainText('$0.00');
  // Receivable is the open invoices' total: none yet. Campaigns are real: none yet.
  await expect(page.getByRole('region', { name: 'Receivable' })).toContainText('$0.00');
  await expect(page.getByRole('region', { name: 'Active Campaigns' })).toContainText("You don't have any campaigns");
});

test('[notifications] counts unread notifications and dismisses one', async ({ page, request }) => {
  const owner = await createOwner(request, 'notes');
  const notifications = [
    { id: 'n1', text: 'Maya signed her contract', link: '/', dismissed: false, created_at: new Date().toISOString() },
    { id: 'n2', text: 'A payment needs a payout method', link: null, dismissed: false, created_at: new Date().toISOString() },
    { id: 'n3', text: 'Old news', link: null, dismissed: true, created_at: new Date().toISOString() },
  ];
  await page.route('**/v1/notifications', (route) => route.fulfill({ json: notifications }));
  let dismissCalls = 0;
  await page.route('**/v1/notifications/*', async (route) => {
    dismissCalls += 1;
    if (route.request().url().endsWith('/n2')) return route.fulfill({ status: 500, json: { message: 'Boom', code: 'internal' } });
    return route.fulfill({ json: { ...notifications[0], dismissed: true } });
  });
  await openSignedIn(page, owner.token, '/');

  await page.getByRole('button', { name: 'Notifications (2 unread)' }).click();
  const popover = page.getByRole('presentation').filter({ hasText: 'Notifications' });
  await expect(popover.getByText('Maya signed her contract')).toBeVisible();
  await expect(popover.getByText('Old news')).toHaveCount(0);

  await popover
    .getByRole('listitem')
    .filter({ hasText: 'A payment needs a payout method' })
    .getByRole('button', { name: 'Dismiss notification' })
    .click();
  await expect(toast(page, 'Failed to dismiss notification')).toBeVisible();
  expect(dismissCalls).toBe(1);
});

test('[guards] keeps an external user under /creator with the portal menu', async ({ page, request }) => {
  const owner = await createOwner(request, 'external');
  await answerWith(page, '/v1/user', (user) => ({ ...user, is_external: true, role: 'creator', first_name: 'Maya', last_name: 'Lopez' }));
  await page.route('**/v1/orgs', (route) => route.fulfill({ json: [] }));
  // The session behind the faked identity is staff's, which the portal's own data refuses: answer it empty.
  await page.route('**/v1/portal/home*', (route) =>
    route.fulfill({ json: { contracts: 0, payments: 0, completed: 0, pending: 0, invoices: 0, todos: [] } }),
  );
  await openSignedIn(page, owner.token, '/');
  await expect(page).toHaveURL(/\/creator$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Crewpay!' })).toBeVisible();
  await expect(page.getByTestId('user-display-name')).toHaveText('Maya Lopez');
  await expect(page.getByTestId('org-label')).toHaveText('Creator dashboard');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Payments', { exact: true })).toBeVisible();
  await expect(nav.getByText('Invoices', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('Wallets', { exact: true })).toHaveCount(0);

  for (const path of ['/createOrg', '/signin', '/no-such-page']) {
    await page.goto(path);
    await expect(page, `from ${path}`).toHaveURL(/\/creator$/);
  }
});

test('[guards] hides Wallets from a collaborator', async ({ page, request }) => {
  const owner = await createOwner(request, 'collab');
  await answerWith(page, '/v1/user', (user) => ({ ...user, role: 'collaborator' }));
  await openSignedIn(page, owner.token, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText('Creators', { exact: true })).toBeVisible();
  await expect(nav.getByText('Wallets', { exact: true })).toHaveCount(0);
  await page.goto('/wallets');
  await expect(page).toHaveURL(/\/$/);
});

test('[shell] says on every page, signed in or not, that the server is a sandbox', async ({ page, request }) => {
  await page.goto('/signin');
  const banner = page.getByRole('note', { name: 'Sandbox mode' });
  await expect(banner).toContainText('no real money moves');
  const owner = await createOwner(request, 'sandbox-banner');
  await openSignedIn(page, owner.token, '/');
  await expect(banner).toBeVisible();
  await screenshot(page, { path: 'test-results/screenshots/sandbox-banner.png' });
});
