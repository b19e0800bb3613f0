import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, signUpViaApi, uniqueEmail } from './support/api.ts';

test.describe('route guards', () => {
  test('[guards] sends an unauthenticated visitor to /signin', async ({ page }) => {
    for (const path of ['/', '/createOrg', '/creator']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/signin$/);
    }
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('[guards] sends a user of the default organisation to /createOrg', async ({ page, request }) => {
    const session = await signUpViaApi(request, uniqueEmail('noorg'));
    await openSignedIn(page, session.auth_token, '/');
    await expect(page).toHaveURL(/\/createOrg$/);
    await expect(page.getByRole('heading', { name: 'Create your organization' })).toBeVisible();
  });

  test('[guards] sends a signed-in user away from /signin, sign up and /createOrg', async ({ page, request }) => {
    const owner = await createOwner(request, 'signedin');
    await openSignedIn(page, owner.token, '/');
    await expect(page.getByRole('button', { name: 'Activate your account' })).toBeVisible();
    for (const path of ['/signin', '/signup/join', '/createOrg']) {
      await page.goto(path);
      await expect(page, `from ${path}`).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Activate your account' })).toBeVisible();
    }
  });

  test('[guards] ends an expired session quietly and asks to sign in', async ({ page }) => {
    await openSignedIn(page, 'a-token-the-server-does-not-know', '/createOrg');
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('crewpay.auth_token'))).toBeNull();
    await expect(page.locator('#notistack-snackbar')).toHaveCount(0);
  });

  test('[guards] sends unknown paths home', async ({ page, request }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/signin$/); // home, then sign in for a visitor

    const owner = await createOwner(request, 'unknown');
    await openSignedIn(page, owner.token, '/no-such-page/deeper');
    await expect(page).toHaveURL(/\/$/);
    // Staff do not use the creator portal.
    await page.goto('/creator');
    await expect(page).toHaveURL(/\/$/);
  });

  test('[guards] shows the organisation frame with every sidebar entry', async ({ page, request }) => {
    const owner = await createOwner(request, 'frame', 'Frame Works');
    await openSignedIn(page, owner.token, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [
      'Home',
      'Wallets',
      'Creators',
      'Contracts',
      'Payments',
      'Campaigns',
      'Agents/Managers',
      'Customers',
      'Invoices',
      'Reports',
      'Taxes',
      'Settings',
      'Sign out',
    ]) {
      await expect(
        nav.getByRole('button', { name: label, exact: true }).or(nav.getByRole('link', { name: label, exact: true })),
      ).toBeVisible();
    }
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home');
    await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs');
    await expect(page.getByText('© Crewpay')).toBeVisible();

    await nav.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(nav).toHaveCSS('width', '60px');
    await nav.getByRole('button', { name: 'Expand menu' }).click();
    await expect(nav).toHaveCSS('width', '220px');
  });
});
