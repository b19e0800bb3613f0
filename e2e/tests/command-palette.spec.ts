import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `command-palette-${name}.png`),
    animations: 'disabled',
  });

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An activated owner with one creator and one draft payment of an amount no other test uses. */
async function ownerWithPayment(request: APIRequestContext, label: string) {
  const owner = await createOwner(request, label);
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  const created = await request.post('/v1/creators', {
    headers,
    data: { email: uniqueEmail('palette'), first_name: 'Pia', last_name: 'Palette' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string };
  const earnings = 100_000 + Math.floor(Math.random() * 900_000);
  const paid = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings, split: 100, memo: 'Palette' }],
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const [payment] = ((await paid.json()) as { data: { id: string; amount: number }[] }).data;
  return { owner, payment: payment! };
}

test('[palette] Ctrl-K, an amount, Enter: the payment opens; the actions and shortcuts are listed', async ({ page, request }) => {
  const { owner, payment } = await ownerWithPayment(request, 'palette-desk');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, owner.token, '/creators');
  await expect(page.getByRole('button', { name: 'Search and commands' })).toBeVisible();

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  const input = palette.getByRole('combobox', { name: 'Search or run a command' });
  await expect(input).toBeFocused();
  await expect(palette.getByRole('option', { name: /New Payment/ })).toBeVisible();
  await expect(palette.getByRole('region', { name: 'Keyboard shortcuts' })).toContainText('Open or close this palette');
  await input.fill(dollars(payment.amount));
  const found = palette.getByRole('group', { name: 'Payments' }).getByRole('option', { name: /Pia Palette/ });
  await expect(found).toContainText(dollars(payment.amount));
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'desktop-amount');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payments/${payment.id}$`));
  await expect(palette).toBeHidden();

  // An action: New Invoice, chosen by typing and Enter.
  await page.getByRole('button', { name: 'Search and commands' }).click();
  await page.keyboard.type('new inv');
  await expect(palette.getByRole('option', { name: 'New Invoice' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/invoices\/newInvoice$/);
});

test('[palette] by keyboard only at 390 px: open, find the payment by amount, move with the arrows, open it', async ({ page, request }) => {
  const { owner, payment } = await ownerWithPayment(request, 'palette-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, owner.token, '/');
  await expect(page.getByRole('button', { name: 'Search and commands' })).toBeVisible();

  // The header's button is reachable and works with the keyboard too.
  await page.getByRole('button', { name: 'Search and commands' }).focus();
  await page.keyboard.press('Enter');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.keyboard.press('Control+K');
  await expect(palette.getByRole('combobox')).toBeFocused();
  // By name: the creator first, then their payment; the arrows move between them.
  await page.keyboard.type('pia palette');
  const creator = palette.getByRole('group', { name: 'Creators' }).getByRole('option', { name: /Pia Palette/ });
  const found = palette.getByRole('group', { name: 'Payments' }).getByRole('option', { name: /Pia Palette/ });
  await expect(creator).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(found).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(creator).toHaveAttribute('aria-selected', 'true');
  // By amount, typed as plain dollars: the payment is the first choice.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(payment.amount / 100));
  await expect(creator).toBeHidden();
  await expect(found).toHaveAttribute('aria-selected', 'true');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shot(page, 'phone-amount');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/payments/${payment.id}$`));
});
