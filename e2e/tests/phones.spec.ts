import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openScreen, seedScreens, withViewers, type Screen } from './support/screens.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

/** The serious and critical axe findings on the page as it is now. */
async function blocking(page: Page, name: string): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${name}: ${violation.impact} ${violation.id}: ${violation.nodes[0]?.html.slice(0, 160) ?? ''}`);
}

/** The element is drawn inside the screen's width and height (no sideways scroll, no scroll down to reach it). */
async function expectInView(page: Page, locator: ReturnType<Page['locator']>, viewport: { width: number; height: number }) {
  const box = await locator.boundingBox();
  expect(box, 'drawn').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('[phones] the portal and the staff lists show what matters on a 390 px phone and fit 1440, with no serious axe finding', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const seeded = await seedScreens(request);
  const byName = new Map(seeded.screens.map((screen) => [screen.name, screen]));
  const screen = (name: string): Screen => byName.get(name)!;
  const found: string[] = [];

  await withViewers(browser, seeded, PHONE, async (contexts) => {
    // A creator's payments: a card with who paid, the Amount and the Status, no table scrolling sideways.
    const creator = await contexts.get('creator')!.newPage();
    await openScreen(creator, screen('creator-portal-payments'));
    const payments = creator.getByRole('list', { name: 'Payments' });
    const payment = payments.getByRole('listitem', { name: 'Payment of $250.00 from Northwind Studios' });
    await expect(payment.getByText('Amount', { exact: true })).toBeVisible();
    await expect(payment.getByText('$250.00')).toBeVisible();
    await expect(payment.getByText('Status', { exact: true })).toBeVisible();
    await expectInView(creator, payment, PHONE);
    expect(await pageWidth(creator)).toBeLessThanOrEqual(PHONE.width);
    await expect(creator.getByRole('grid')).toHaveCount(0);
    // The reference is a tap away.
    await payment.getByRole('button', { name: 'Details' }).click();
    await expect(payment.getByText('Reference', { exact: true })).toBeVisible();
    await shot(creator, 'phones-creator-payments-390');
    found.push(...(await blocking(creator, 'creator-payments-390')));

    // A brand's invoices: Pay on the card, in view, beside the Amount and the Status.
    const customer = await contexts.get('customer')!.newPage();
    await openScreen(customer, screen('customer-portal-invoices'));
    const invoice = customer.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: 'Spring posts' });
    await expect(invoice.getByText('$1,250.00')).toBeVisible();
    await expect(invoice.getByText('Status', { exact: true })).toBeVisible();
    const pay = invoice.getByRole('button', { name: /^Pay/ });
    await expect(pay).toBeVisible();
    await expectInView(customer, pay, PHONE);
    expect(await pageWidth(customer)).toBeLessThanOrEqual(PHONE.width);
    await shot(customer, 'phones-customer-invoices-390');
    found.push(...(await blocking(customer, 'customer-invoices-390')));

    // Staff lists: key columns on cards; /creators shows its first creator without scrolling past the filters.
    const owner = await contexts.get('owner')!.newPage();
    await openScreen(owner, screen('creators'));
    const firstCreator = owner.getByRole('list', { name: 'Creators' }).getByRole('listitem').first();
    await expect(firstCreator).toContainText('Maya Lopez-Fitzgerald');
    await expectInView(owner, firstCreator.getByText('Amount paid'), PHONE);
    await expect(owner.getByLabel('Created from')).toBeHidden();
    await owner.getByRole('button', { name: 'Filters' }).click();
    await expect(owner.getByLabel('Created from')).toBeVisible();
    await shot(owner, 'phones-creators-390');
    found.push(...(await blocking(owner, 'creators-390')));
    expect(await pageWidth(owner)).toBeLessThanOrEqual(PHONE.width);

    for (const [name, list, text] of [
      ['payments', 'Payments', 'Maya Lopez-Fitzgerald'],
      ['invoices', 'Invoices', 'Spring posts'],
    ] as const) {
      await openScreen(owner, screen(name));
      const card = owner.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text }).first();
      await expect(card.getByText('Amount', { exact: true })).toBeVisible();
      await expectInView(owner, card.getByText('Status', { exact: true }), PHONE);
      expect(await pageWidth(owner)).toBeLessThanOrEqual(PHONE.width);
      await shot(owner, `phones-${name}-390`);
      found.push(...(await blocking(owner, `${name}-390`)));
    }
  });

  await withViewers(browser, seeded, DESKTOP, async (contexts) => {
    const owner = await contexts.get('owner')!.newPage();
    await openScreen(owner, screen('creators'));
    // The creators grid fits beside the sidebar: no column reaches past the page's edge.
    const grid = owner.getByRole('grid', { name: 'Creators' });
    const fits = await grid.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits, 'the creators grid scrolls sideways at 1440').toBe(true);
    await shot(owner, 'phones-creators-1440');
    found.push(...(await blocking(owner, 'creators-1440')));
    for (const name of ['payments', 'invoices'] as const) {
      await openScreen(owner, screen(name));
      await expect(owner.getByRole('grid')).toBeVisible();
      found.push(...(await blocking(owner, `${name}-1440`)));
    }
    const customer = await contexts.get('customer')!.newPage();
    await openScreen(customer, screen('customer-portal-invoices'));
    await expect(customer.getByRole('grid', { name: 'Invoices' }).getByRole('button', { name: /^Pay/ })).toBeVisible();
    await shot(customer, 'phones-customer-invoices-1440');
    found.push(...(await blocking(customer, 'customer-invoices-1440')));
    const creator = await contexts.get('creator')!.newPage();
    await openScreen(creator, screen('creator-portal-payments'));
    await expect(creator.getByRole('grid', { name: 'Payments' })).toBeVisible();
    found.push(...(await blocking(creator, 'creator-payments-1440')));
  });
  expect(found, found.join('\n')).toEqual([]);
});
