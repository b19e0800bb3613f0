import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { createAdmin } from './support/approvals.ts';
import { sendInvoiceViaApi } from './support/invoices.ts';
import { addBankedCreator, saveDrafts } from './support/payees.ts';
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

async function call(request: APIRequestContext, token: string, method: 'post' | 'put', url: string, data: unknown) {
  const response = await request[method](url, { headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
}

/** A funded organisation whose every payment needs approval: a maker creates and executes a payment, a checker approves it with a reason. */
async function approvedPayment(request: APIRequestContext) {
  const owner = await createOwner(request, 'timelines', 'Timeline Studios');
  await activateViaApi(request, owner.token);
  await call(request, owner.token, 'post', '/v1/treasury/load', { amount: 100_000 });
  await call(request, owner.token, 'put', '/v1/approvals/rules', { every_payment: true });
  const [maker, checker] = [await createAdmin(request, owner.token, 'maker'), await createAdmin(request, owner.token, 'checker')];
  const creator = await addBankedCreator(request, owner.token, { first_name: 'Tess', last_name: 'Timeline', emailPrefix: 'tess' });
  const [paymentId] = await saveDrafts(request, maker.token, creator.id, [12_500], { memo: 'June' });
  await call(request, maker.token, 'put', '/v1/payments/initiate', { ids: [paymentId] });
  await call(request, checker.token, 'post', `/v1/approvals/${paymentId}/approve`, { reason: 'Checked the contract' });
  return { owner, paymentId: paymentId!, creatorId: creator.id };
}

// Dates as people write them (M/D/YYYY h:mm AM), never an ISO string.
const PEOPLE_DATE = /\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/;
const ISO = /\d{4}-\d{2}-\d{2}T/;

for (const width of [1440, 390]) {
  test(`[timelines] at ${width} px: a payment's timeline after create, execute and approve (who, when, why), and an invoice's`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { owner, paymentId, creatorId } = await approvedPayment(request);

    await openSignedIn(page, owner.token, `/payments/${paymentId}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const steps = timeline.getByRole('listitem');
    await expect(steps.nth(0)).toContainText(/Created by maker-.+@example\.com · \$125\.00/);
    await expect(steps.nth(1)).toContainText(/Executed by maker-.+@example\.com · \$/);
    await expect(steps.nth(2)).toContainText('Held for approval');
    await expect(steps.nth(3)).toContainText(/Approved by checker-.+@example\.com/);
    await expect(steps.nth(3)).toContainText('“Checked the contract”');
    await expect(steps.nth(0)).toContainText(PEOPLE_DATE);
    await expect(timeline).not.toContainText(ISO);
    await timeline.scrollIntoViewIfNeeded();
    await screenshot(page, { path: shot(`timeline-payment-${width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // An invoice: created with its amount, then edited, each by the owner.
    const invoice = await sendInvoiceViaApi(request, owner.token, { name: 'Fabrikam', email: uniqueEmail('fabrikam'), amount: 40_000 });
    await call(request, owner.token, 'put', `/v1/invoices/${invoice.id}`, { title: 'Summer campaign' });
    await openSignedIn(page, owner.token, `/invoices/${invoice.id}`);
    const invoiceSteps = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect(invoiceSteps).toHaveCount(2);
    await expect(invoiceSteps.nth(0)).toContainText(/Created by timelines-.+@example\.com · \$400\.00/);
    await expect(invoiceSteps.nth(1)).toContainText(/Edited by timelines-.+@example\.com/);
    await expect(page.getByRole('list', { name: 'Timeline' })).not.toContainText(ISO);
    await page.getByRole('list', { name: 'Timeline' }).scrollIntoViewIfNeeded();
    await screenshot(page, { path: shot(`timeline-invoice-${width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // The payee's page has its timeline too, first the day they were added.
    await openSignedIn(page, owner.token, `/creators/${creatorId}`);
    const creatorTimeline = page.getByRole('list', { name: 'Timeline' });
    await expect(creatorTimeline.getByRole('listitem').first()).toContainText('Created');
    await expect(creatorTimeline).not.toContainText(ISO);
    await creatorTimeline.scrollIntoViewIfNeeded();
    await screenshot(page, { path: shot(`timeline-creator-${width}.png`) });
    expect(await seriousFindings(page)).toEqual([]);

    // The audit log (its grid, at desktop width) links the approval to the payment it concerns.
    if (width === 390) return;
    await openSignedIn(page, owner.token, '/settings?tab=audit');
    const approval = page.getByRole('row', { name: /Payment approved/ });
    await expect(approval.getByRole('link', { name: 'Payment · $' })).toHaveAttribute('href', `/payments/${paymentId}`);
  });
}
