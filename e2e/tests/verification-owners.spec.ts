import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { business, representative } from './support/activation-details.ts';
import { screenshot } from './support/screenshots.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

/** The sandbox bank asks for the beneficial owners of the company with this test EIN, as Stripe does of a US company. */
const OWNERS_TEST_EIN = '000000025';

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

for (const width of [1440, 390]) {
  test(`[verification] the owner adds a beneficial owner with the attestation and Stripe's requirement goes (${width}px)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const owner = await createOwner(request, `verification-owners-${width}`);
    const headers = { 'auth-token': owner.token };
    expect((await request.post('/v1/org/owner', { headers, data: representative })).status()).toBe(200);
    expect((await request.post('/v1/org/business', { headers, data: { ...business, ein: OWNERS_TEST_EIN } })).status()).toBe(200);

    await openSignedIn(page, owner.token, '/verification');
    await expect(page.getByText('Stripe needs more information before your wallet can be used.')).toBeVisible();
    const row = page.getByLabel('Outstanding requirement');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Stripe needs the beneficial owners of your business');
    await expect(row).toContainText('company.owners_provided');
    expect(await seriousFindings(page)).toEqual([]);

    const first = page.getByRole('group', { name: 'Owner 1' });
    await first.getByLabel('First name').fill('Grace');
    await first.getByLabel('Last name').fill('Hopper');
    await first.getByLabel('Email').fill('grace@example.com');
    await first.getByLabel('Date of birth').fill('1976-12-09');
    await first.getByLabel('Ownership').fill('140');
    await first.getByLabel('Ownership').blur();
    await expect(first.getByText('Enter a whole percentage from 25 to 100: only owners of 25% or more are listed')).toBeVisible();
    await first.getByLabel('Ownership').fill('40');
    await first.getByLabel('Title (optional)').fill('Founder');
    await first.getByRole('textbox', { name: /^Street address\s*\*?$/ }).fill('2 Pine St');
    await first.getByLabel('City').fill('Austin');
    await first.getByLabel('State').click();
    await page.getByRole('option', { name: 'TX — Texas' }).click();
    await first.getByLabel('Zip code').fill('78701');

    // Without the attestation nothing is sent.
    await page.getByRole('button', { name: 'Send to Stripe' }).click();
    await expect(page.getByText('Confirm that every owner of 25% or more is listed')).toBeVisible();
    await page.getByLabel('I attest that all owners with 25% or more ownership of the business have been provided.').check();
    expect(await seriousFindings(page)).toEqual([]);
    await screenshot(page, { path: shotPath(`verification-owners-${width}`), fullPage: true });
    await page.getByRole('button', { name: 'Send to Stripe' }).click();

    await expect(page.getByText('Stripe has everything it needs: your wallet is ready.')).toBeVisible();
    await expect(page.getByLabel('Outstanding requirement')).toHaveCount(0);
    expect(await seriousFindings(page)).toEqual([]);
    const saved = await request.get('/v1/org/beneficial_owners', { headers });
    expect((await saved.json()).owners).toMatchObject([{ first_name: 'Grace', percent_ownership: 40, title: 'Founder', state: 'TX' }]);
  });
}

test("[verification] what the app does not collect opens Stripe's hosted onboarding (the sandbox's page), and the owner comes back to a ready wallet", async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'verification-hosted');
  const headers = { 'auth-token': owner.token };
  // Stripe's unverifiable test SSN: Stripe asks for an identity document, which only its own page takes.
  expect((await request.post('/v1/org/owner', { headers, data: { ...representative, ssn: '111111111' } })).status()).toBe(200);
  expect((await request.post('/v1/org/business', { headers, data: business })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/verification');
  const row = page.getByLabel('Outstanding requirement');
  await expect(row).toContainText(
    "Stripe could not verify the representative's identity: upload a photo of a government-issued ID with Stripe.",
  );
  await row.getByRole('button', { name: 'Continue on Stripe' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload a test ID and continue' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByText('Stripe has everything it needs: your wallet is ready.')).toBeVisible();
  await expect(page.getByLabel('Outstanding requirement')).toHaveCount(0);
});
