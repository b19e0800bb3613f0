import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, PASSWORD } from './support/api.ts';
import { toast } from './support/ui.ts';

// /signin is prerendered at build time (apps/web/build/prerender-pages.ts): the page is in the
// HTML, painted before any script, and React hydrates it instead of rendering it anew.

/** Marks the prerendered heading as soon as the HTML is parsed, before the app's scripts run. */
const markPrerenderedHeading = () =>
  document.addEventListener('readystatechange', () => {
    const heading = document.querySelector('h1');
    if (document.readyState === 'interactive' && heading) Object.assign(heading, { prerendered: true });
  });

/** React has attached itself to the heading (its fiber key): the page is hydrated and interactive. */
const isHydrated = (page: Page) =>
  page.locator('h1').evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber')));

/** Holds the sign-in page's chunk back, so React cannot hydrate the page until `release()`. */
async function holdSignInPage(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/sign-in-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('the prerendered sign-in page', () => {
  test('[auth] /signin arrives with the sign-in form in its HTML, shown without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/signin');
    await expect(page).toHaveTitle('Sign in · Crewpay');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Team member' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Email address')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay the people who create for you.' })).toBeVisible();
    // Not hydrated, the form cannot be sent natively (a GET with the password in the address).
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  test('[auth] hydrates the prerendered page in place, without errors, and signs in', async ({ page, request }) => {
    const owner = await createOwner(request, 'prerendered', 'Prerender Studios');
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(markPrerenderedHeading);

    await page.goto('/signin');
    await expect.poll(() => isHydrated(page)).toBe(true);
    // The very element painted from the HTML: hydrated, not thrown away and rendered again.
    expect(await page.locator('h1').evaluate((heading) => (heading as HTMLElement & { prerendered?: boolean }).prerendered)).toBe(true);
    await expect(page.getByRole('note', { name: 'Sandbox mode' })).toBeVisible();

    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('org-label')).toHaveText('Prerender Studios');
    expect(problems).toEqual([]);
  });

  test('[auth] keeps what was typed and clicked before the page hydrated', async ({ page, request }) => {
    const owner = await createOwner(request, 'earlytyping');
    // The sign-in page's chunk held back until the fields are filled: hydration waits for it.
    const release = await holdSignInPage(page);
    await page.goto('/signin', { waitUntil: 'commit' });
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    // Clicked after the entry script ran (it runs before DOMContentLoaded) but before React handles
    // the page: the click is held, and replayed once hydrated. (A click in the fraction of a second
    // between the paint and the entry script is not kept; what was typed then is.)
    await page.waitForLoadState('domcontentloaded');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(page).toHaveURL(/\/$/);
  });

  test('[auth] replays every button clicked before the page hydrated, in order: the side chosen, then the password shown', async ({
    page,
  }) => {
    const release = await holdSignInPage(page);
    await page.goto('/signin', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    await page.getByRole('button', { name: 'Creator', exact: true }).click();
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(page.getByRole('button', { name: 'Creator', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  });

  test('[auth] a signed-in person opening /signin is still sent home', async ({ page, request }) => {
    const owner = await createOwner(request, 'signedin-signin', 'Homebound Media');
    await openSignedIn(page, owner.token, '/signin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('org-label')).toHaveText('Homebound Media');
    await expect(toast(page, 'There was an issue')).toHaveCount(0);
  });
});
