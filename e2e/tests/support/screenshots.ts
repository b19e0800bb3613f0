import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * PNGs of the screens for a person to look at (e2e/screenshots/, not committed): taken only when
 * E2E_SCREENSHOTS=1, since writing a hundred full pages costs every run time and no test reads
 * them. What a test asserts does not depend on them; Playwright still keeps a failure's own
 * screenshot and trace.
 */
const isTakingScreenshots = process.env.E2E_SCREENSHOTS === '1';

export async function screenshot(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (isTakingScreenshots) await page.screenshot(options);
}

/**
 * A screenshot once the page's requests have ended (its images and late data drawn). The wait is
 * part of taking it: without E2E_SCREENSHOTS=1 there is no picture and nothing to wait for.
 */
export async function screenshotWhenQuiet(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (!isTakingScreenshots) return;
  await page.waitForLoadState('networkidle');
  await page.screenshot(options);
}
