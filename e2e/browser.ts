import fs from 'node:fs';

/**
 * The Chromium the browser tests drive, from Debian (no browser is downloaded here).
 *
 * Debian's `chromium-headless-shell` first: the same engine without the desktop browser around it,
 * which is what Playwright itself runs for headless tests. On these 2 cores it cut the busy CPU of
 * ten specs from 209 to 140 CPU-seconds (docs/decisions.md, "The e2e suite's browser"). The full
 * browser is the fallback, and what `--headed` needs: `E2E_CHROMIUM=/usr/bin/chromium`.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

export const chromiumPath = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** Flags for a browser in a container: no sandbox, no GPU, nothing fetched in the background. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
