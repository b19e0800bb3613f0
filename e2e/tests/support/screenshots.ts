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
