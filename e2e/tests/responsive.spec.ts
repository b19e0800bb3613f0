import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { halfOf, openScreen, seedScreens, withViewers, type SeededScreens } from './support/screens.ts';
import { screenshot } from './support/screenshots.ts';

const PHONE = { width: 390, height: 844 };

/** The elements reaching past the phone's right edge, named for the failure message. */
const tooWide = (page: Page) =>
  page.evaluate((limit) => {
    const wide = Array.from(document.querySelectorAll('body *')).filter((element) => element.getBoundingClientRect().right > limit + 1);
    return wide.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
  }, PHONE.width);

// The walk in two halves, each with its own seeded organisation, so both workers share it.
test.describe.configure({ mode: 'parallel' });

for (const half of [1, 2] as const)
  test(`[responsive] every main screen fits a 390 px phone: no sideways scrolling, the menu in a drawer (half ${half} of 2)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(480_000);
    const seeded = await seedScreens(request);
    await walkPhone(browser, seeded, half);
  });

async function walkPhone(browser: Browser, seeded: SeededScreens, half: 1 | 2): Promise<void> {
  await withViewers(browser, seeded, PHONE, async (contexts) => {
    const found: string[] = [];
    for (const screen of halfOf(seeded.screens, half)) {
      const page = await contexts.get(screen.as)!.newPage();
      await openScreen(page, screen);
      await screenshot(page, {
        path: path.resolve(test.info().project.testDir, '../screenshots', `phone-${screen.name}.png`),
        fullPage: true,
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) found.push(`${screen.name}: ${width} px wide (${(await tooWide(page)).join(', ')})`);
      await page.close();
    }
    expect(found, found.join('\n')).toEqual([]);
    if (half === 1) return;

    // The signed-in frame: no sidebar beside the page, a menu button opening it as a drawer.
    const page = await contexts.get('owner')!.newPage();
    await openScreen(page, { name: 'creators', path: '/creators', as: 'owner' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(nav).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  });
}
