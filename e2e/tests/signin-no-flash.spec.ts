import { expect, test, type Page } from '@playwright/test';
import { createOwner } from './support/api.ts';

const TOKEN_KEY = 'crewpay.auth_token';

/**
 * Records, from before the page's own scripts run until the test reads it, every state the tab
 * showed: its path, whether the signed-in frame (the 'Main' navigation) was drawn, and the visible
 * main heading. A MutationObserver sees each change of the markup, an animation frame loop each
 * paint, so a state shown for a few milliseconds is caught too; kept in sessionStorage, the
 * record spans the documents of a redirect.
 */
const recordShownStates = () => {
  const read = (): string[] => JSON.parse(sessionStorage.getItem('shownStates') ?? '[]') as string[];
  const isDrawn = (element: Element | null) => element !== null && element.checkVisibility();
  const look = () => {
    const heading = document.querySelector('h1');
    const state = [
      location.pathname,
      isDrawn(document.querySelector('nav[aria-label="Main"]')) ? 'frame' : 'no frame',
      isDrawn(heading) ? `h1 ${heading?.textContent ?? ''}` : 'no h1',
    ].join(' | ');
    const shown = read();
    if (shown.at(-1) !== state) sessionStorage.setItem('shownStates', JSON.stringify([...shown, state]));
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
  const onFrame = () => {
    look();
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
};

const shownStates = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('shownStates') ?? '[]') as string[]);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(recordShownStates);
});

test('[auth] a signed-out visitor never sees the signed-in frame, on /signin nor on a signed-in page sent to /signin', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  const onSignIn = await shownStates(page);
  expect(onSignIn.at(-1)).toBe('/signin | no frame | h1 Welcome back');
  expect(onSignIn.filter((state) => state.includes('| frame |'))).toEqual([]);

  await page.evaluate(() => sessionStorage.removeItem('shownStates'));
  await page.goto('/creators');
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect((await shownStates(page)).filter((state) => state.includes('| frame |'))).toEqual([]);
});

test('[auth] a signed-in visitor of /signin goes home without the sign-in form being shown first', async ({ page, request }) => {
  const owner = await createOwner(request, 'no-flash', 'Flash Studios');
  // A file of the site, not a page of the app: the token is stored without any page of it shown.
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, owner.token] as const);
  await page.evaluate(() => sessionStorage.removeItem('shownStates'));

  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const shown = await shownStates(page);
  // The page at / is drawn; nothing of the sign-in page was, neither its form nor a frame on /signin.
  expect(shown.at(-1)).toMatch(/^\/ \| frame \| /);
  expect(shown.filter((state) => state.startsWith('/signin') && state !== '/signin | no frame | no h1')).toEqual([]);
});
