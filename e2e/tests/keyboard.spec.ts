import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { twoPagePdf } from './support/contracts.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

/** Presses Tab until `target` has the focus, as a keyboard user would; fails past `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} not reached in ${limit} Tab presses`);
}

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

const status = (page: Page) => page.getByRole('status').filter({ hasText: /Signature block/ });

test('[keyboard] the contract editor by keyboard alone: add, nudge, remove, page, create', async ({ page, request }) => {
  test.slow();
  const owner = await createOwner(request, 'keyboard-contract', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('keyboard-signer');
  expect((await request.post('/v1/creators', { headers, data: { email, first_name: 'Nadia', last_name: 'Rowe' } })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/contracts/newContract');
  await expect(page.getByRole('heading', { name: 'New Contract' })).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Title', exact: true }));
  await page.keyboard.type('Keyboard agreement');
  await tabTo(page, page.getByRole('combobox', { name: 'Recipient', exact: true }));
  await page.keyboard.type('Nadia');
  await expect(page.getByRole('option', { name: /Nadia Rowe/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // Listening before the key is pressed: Playwright turns Chromium's file chooser interception on
  // asynchronously, and an Enter that arrived first opened an uncaught chooser (the test hung).
  const chooserOpened = page.waitForEvent('filechooser', { timeout: 30_000 });
  await tabTo(page, page.getByRole('button', { name: 'Choose a PDF' }));
  await page.keyboard.press('Enter');
  const chooser = await chooserOpened;
  await chooser.setFiles(await twoPagePdf());
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // No block yet: Create Contract waits, and says why.
  const create = page.getByRole('button', { name: 'Create Contract' });
  await expect(create).toBeDisabled();
  await expect(page.getByText('Place at least one signature block on the document')).toBeVisible();

  // Add places a block on the page shown and focuses it; the arrows move it, Shift further.
  const add = page.getByRole('button', { name: 'Add signature block' });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  const first = page.getByRole('button', { name: 'Signature block 1', exact: true });
  await expect(first).toBeFocused();
  await expect(status(page)).toHaveText(/Added Signature block 1 at 72 points from the left, 704 from the top of page 1/);
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(status(page)).toHaveText('Signature block 1 at 76 points from the left, 624 from the top of page 1.');
  await expect(create).toBeEnabled();
  // The blocks and their handles pass axe too.
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id),
  ).toEqual([]);

  // Page 2: a block added, then removed with Delete (the focus goes back to Add), then added again.
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  // The last page disables Next: the focus moved to Back, not lost.
  await expect(page.getByRole('button', { name: 'Back' })).toBeFocused();
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Signature block 2', exact: true })).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(status(page)).toHaveText('Removed Signature block 2; 1 left.');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Signature block 2', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('2 placed')).toBeVisible();

  await screenshot(page, { path: shotPath('keyboard-contract-editor-1440'), animations: 'disabled' });
  // On a phone the page is drawn narrower and the blocks keep their place on it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('pdf-page')).toHaveAttribute('data-rendered', 'true');
  await page.getByTestId('placed-signature-block').scrollIntoViewIfNeeded();
  await screenshot(page, { path: shotPath('keyboard-contract-editor-390'), animations: 'disabled' });

  await tabTo(page, create);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contracts$/);
  await expect(page.getByRole('row', { name: /Keyboard agreement/ })).toContainText('Sent');
  const list = (await (await request.get('/v1/contracts', { headers })).json()) as { data: { id: string; title: string }[] };
  const contract = list.data.find((item) => item.title === 'Keyboard agreement')!;
  const detail = (await (await request.get(`/v1/contracts/${contract.id}`, { headers })).json()) as { formFields: unknown[] };
  expect(detail.formFields).toEqual([
    expect.objectContaining({ api_id: 'signature_field_1', page: 1, x: 76, y: 624 }),
    expect.objectContaining({ api_id: 'signature_field_2', page: 2, x: 72, y: 708 }),
  ]);
});

test('[keyboard] the skip link is the first tab stop and lands on the content; the focus ring shows', async ({ page, request }) => {
  const owner = await createOwner(request, 'keyboard-skip');
  await openSignedIn(page, owner.token, '/creators');
  await expect(page.getByRole('heading', { name: 'Creators', level: 1 })).toBeVisible();
  // The header's title shows before the page's own content: wait for the content's first control.
  await expect(page.getByRole('button', { name: 'New Creator' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next stop is in the page, not the 11 menu entries: the first of the page's own controls.
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  expect(await focused.evaluate((element) => `${element.outerHTML.slice(0, 200)} in main: ${element.closest('main') !== null}`)).toContain(
    'in main: true',
  );
  await tabTo(page, page.getByRole('button', { name: 'New Creator' }));
  const ring = await page.getByRole('button', { name: 'New Creator' }).evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
  });
  expect(ring).toEqual({ style: 'solid', width: 3, color: 'rgb(79, 70, 229)' });
});

test('[keyboard] sign-in: the Team member / Creator toggle comes before the form', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Team member' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Creator', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Creator', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email address')).toBeFocused();
});
