import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { halfOf, openScreen, seedScreens, withViewers, type SeededScreens } from './support/screens.ts';
import { screenshot } from './support/screenshots.ts';

// WCAG 2.0-2.2 A and AA, and axe's best practices.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
// Besides every serious or critical finding, the moderate ones issue 35 names: content outside
// landmarks, no main landmark, no top heading, skipped heading levels.
const NAMED_RULES = new Set(['region', 'landmark-one-main', 'page-has-heading-one', 'heading-order']);

/** The blocking findings on the page as it is now, one line each (rule, impact, the first elements). */
async function findings(page: Page, name: string): Promise<string[]> {
  // A tooltip or drawer still fading in is measured at its passing opacity: wait until the page is still.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  // Violations only: axe then skips gathering the details of every pass and inapplicable rule.
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || NAMED_RULES.has(violation.id))
    .map((violation) => {
      const where = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`);
      return `${name}: ${violation.impact} ${violation.id} x${violation.nodes.length}: ${where.join(' | ')}`;
    });
}

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

// The walk in two halves, each with its own seeded organisation, so both workers share it.
test.describe.configure({ mode: 'parallel' });

for (const half of [1, 2] as const)
  test(`[a11y] axe finds no serious or critical violation on any main screen, nor the landmark and heading findings (half ${half} of 2)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(480_000);
    const seeded = await seedScreens(request);
    const found = await walkDesktop(browser, seeded, half);
    expect(found, found.join('\n')).toEqual([]);
  });

/** The findings on this half's screens; the second half also opens the popover and the phone's drawer. */
async function walkDesktop(browser: Browser, seeded: SeededScreens, half: 1 | 2): Promise<string[]> {
  const found: string[] = [];
  await withViewers(browser, seeded, { width: 1440, height: 900 }, async (contexts) => {
    for (const screen of halfOf(seeded.screens, half)) {
      const page = await contexts.get(screen.as)!.newPage();
      await openScreen(page, screen);
      await screenshot(page, { path: shotPath(`desktop-${screen.name}`), fullPage: true, animations: 'disabled' });
      found.push(...(await findings(page, screen.name)));
      await page.close();
    }
    if (half === 1) return;

    // Two states a screen opens into: the notifications popover, and the phone's navigation drawer.
    const owner = await contexts.get('owner')!.newPage();
    await openScreen(owner, { name: 'home', path: '/', as: 'owner' });
    await owner.getByRole('button', { name: /^Notifications/ }).click();
    await expect(owner.getByText('Notifications', { exact: true })).toBeVisible();
    found.push(...(await findings(owner, 'notifications-popover')));
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.keyboard.press('Escape');
    // By keyboard, so the pointer rests on no tooltip's trigger inside the drawer.
    await owner.getByRole('button', { name: 'Open menu' }).focus();
    await owner.keyboard.press('Enter');
    await expect(owner.getByRole('navigation', { name: 'Main' })).toBeVisible();
    found.push(...(await findings(owner, 'phone-menu-drawer')));
  });
  return found;
}
