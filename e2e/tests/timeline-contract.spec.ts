import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { signByLink, signingLink, twoPagePdf } from './support/contracts.ts';
import { screenshot } from './support/screenshots.ts';
import { activateViaApi } from './support/wallet.ts';

const shot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', name);

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/**
 * An organisation whose owner goes by "Olivia Owner" (Settings > Profile), a creator Nadia Rowe,
 * and a signature request the owner sends her, as the Home to-do spec sends one.
 */
async function sentContract(request: APIRequestContext) {
  const owner = await createOwner(request, 'timeline-contract', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const named = await request.put('/v1/user', { headers, data: { display_name: 'Olivia Owner' } });
  expect(named.status(), await named.text()).toBe(200);
  const email = uniqueEmail('nadia');
  const creator = await request.post('/v1/creators', { headers, data: { email, first_name: 'Nadia', last_name: 'Rowe' } });
  expect(creator.status(), await creator.text()).toBe(200);
  const created = await request.post('/v1/contracts', {
    headers,
    multipart: {
      title: 'Spring launch agreement',
      type: 'signature_request',
      recipient: (await creator.json()).id as string,
      recipient_type: 'creator',
      expiration_date: '2099-12-31',
      formFields: JSON.stringify([
        { x: 100, y: 600, width: 80, height: 16, type: 'signature', required: true, signer: 0, api_id: 'signature_field_1', page: 1 },
      ]),
      file: { name: 'Agreement.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(await twoPagePdf()) },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { owner, email, contractId: (await created.json()).id as string };
}

// Dates as people write them (M/D/YYYY h:mm AM), never an ISO string, and people by name, never an id.
const PEOPLE_DATE = /\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/;
const ISO = /\d{4}-\d{2}-\d{2}T/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

for (const width of [1440, 390]) {
  test(`[timelines] at ${width} px: a contract's timeline says who created and sent it, who signed it, and when`, async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { owner, email, contractId } = await sentContract(request);

    // Nadia signs on the emailed page, in a browser of her own (she has no account).
    const signer = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 } });
    await signByLink(await signer.newPage(), await signingLink(request, email), 'Nadia Rowe');
    await signer.close();

    await openSignedIn(page, owner.token, `/contracts/${contractId}`);
    await expect(page.getByText('Signed', { exact: true }).first()).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Created by Olivia Owner');
    await expect(steps.nth(1)).toContainText('Sent for signature by Olivia Owner');
    await expect(steps.nth(2)).toContainText('Signed by Nadia Rowe');
    for (const index of [0, 1, 2]) await expect(steps.nth(index)).toContainText(PEOPLE_DATE);
    // Each step's time is the instant it happened, oldest first.
    const instants = await timeline.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(instants).toHaveLength(3);
    expect(instants).toEqual([...instants].sort());
    await expect(timeline).not.toContainText(ISO);
    await expect(timeline).not.toContainText(UUID);
    await expect(timeline).not.toContainText('not recorded');

    // The card in the middle of the screen: the sandbox banner, fixed at the bottom, covers none of it.
    await timeline.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, { path: shot(`timeline-contract-${width}.png`), animations: 'disabled' });
    // On a phone the steps fit the width: no sideways scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousFindings(page)).toEqual([]);
  });
}
