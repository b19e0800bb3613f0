import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', name);
type OutboxEmail = { to: string; subject: string; text: string };

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

async function addPayee(request: APIRequestContext, headers: Record<string, string>, first: string, last: string) {
  const email = uniqueEmail(first.toLowerCase());
  const created = await request.post('/v1/creators', {
    headers,
    data: { email, first_name: first, last_name: last, account_number: '000123456789', routing_number: '110000000' },
  });
  expect(created.status(), await created.text()).toBe(200);
  return { id: ((await created.json()) as { id: string }).id, email };
}

async function outbox(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxEmail | undefined> {
  const emails = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as OutboxEmail[];
  return emails.find((item) => item.to === to && subject.test(item.subject));
}

// The two widths are two organisations of their own: they run side by side, not one after the other at the suite's end.
test.describe.configure({ mode: 'parallel' });

for (const width of [1440, 390]) {
  test(`[withholding] at ${width} px: turning backup withholding on counts the payees without a W-9, a W-9 is requested, the payment, the payee's page and email explain the 24%; /payments finds it by memo`, async ({
    page,
    request,
  }) => {
    test.slow();
    const phone = width === 390;
    await page.setViewportSize({ width, height: phone ? 844 : 900 });
    const owner = await createOwner(request, 'withholding', 'Harbor Media');
    await activateViaApi(request, owner.token);
    const headers = { 'auth-token': owner.token };
    expect((await request.post('/v1/treasury/load', { headers, data: { amount: 500_000 } })).status()).toBe(200);
    const bea = await addPayee(request, headers, 'Bea', 'Backup');
    await addPayee(request, headers, 'Cal', 'Nofile');

    // Turning it on asks first, with the count of payees it takes 24% from.
    await openSignedIn(page, owner.token, '/taxes');
    await page.getByLabel('Backup withholding is off').click();
    const confirm = page.getByRole('dialog', { name: 'Turn on backup withholding?' });
    await expect(confirm).toContainText(
      '2 payees have no W-9 on file: 24% will be withheld from each payment to them until they sign one.',
    );
    await screenshot(page, { path: shot(`withholding-confirm-${width}.png`) });
    expect(await seriousFindings(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Backup withholding is on')).toBeVisible();

    // Request W-9: Bea is emailed, and the table says so.
    const payees = page.getByRole('table', { name: 'Payees without a W-9' });
    await expect(payees.getByRole('row')).toHaveCount(3);
    await payees.getByRole('button', { name: 'Request W-9 Bea Backup' }).click();
    await expect(payees.getByRole('row', { name: /Bea Backup/ })).toContainText(/Requested \d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(payees.getByRole('button', { name: 'Remind Bea Backup' })).toBeVisible();
    // The toast's colours are the app's (not this page's): axe reads the page once it has gone.
    await expect(page.getByText('W-9 request sent by email')).toBeHidden({ timeout: 15_000 });
    await expect.poll(async () => (await outbox(request, bea.email, /needs your W-9$/))?.subject).toBe('Harbor Media needs your W-9');
    await screenshot(page, { path: shot(`withholding-taxes-${width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // A $100.00 payment to Bea: the Execute dialog says what is kept back and what she receives.
    const drafts = await request.post('/v1/payments', {
      headers,
      data: [{ recipient: bea.id, recipient_role: 'creator', earnings: 10_000, split: 100, memo: 'Reel W9' }],
    });
    expect(drafts.status(), await drafts.text()).toBe(200);
    const paymentId = ((await drafts.json()) as { data: { id: string }[] }).data[0]!.id;
    await page.goto(`/payments/${paymentId}`);
    await page.getByRole('button', { name: 'Execute Payments' }).click();
    const execute = page.getByRole('dialog', { name: 'Execute payments' });
    await expect(execute.getByLabel('Backup withholding')).toContainText('24% backup withholding: $24.00 withheld, payee receives $76.00');
    // The headline names the whole amount, the tax withheld and what the payee receives.
    await expect(execute.getByLabel('Execution summary')).toContainText(
      'Execute 1 payment for $100.00 — $24.00 withheld for backup withholding, payee receives $76.00',
    );
    await screenshot(page, { path: shot(`withholding-execute-${width}.png`) });
    expect(await seriousFindings(page)).toEqual([]);
    await execute.getByRole('button', { name: 'Execute', exact: true }).click();
    await expect(execute).toBeHidden();

    // The payment explains the 24%.
    await page.goto(`/payments/${paymentId}`);
    await expect(page.getByLabel('Backup withholding')).toContainText('24% backup withholding: $24.00 withheld, payee receives $76.00');
    await expect(page.getByLabel('Backup withholding')).toContainText('no W-9 was on file');
    await screenshot(page, { path: shot(`withholding-payment-${width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);

    // The payee's page explains it too, with the W-9 request.
    await page.goto(`/creators/${bea.id}`);
    const note = page.getByRole('alert', { name: 'Backup withholding' });
    await expect(note).toContainText('24% backup withholding: Bea Backup has no W-9 on file');
    await expect(note).toContainText(/W-9 request: Requested \d{1,2}\/\d{1,2}\/\d{4}/);
    await screenshot(page, { path: shot(`withholding-payee-${width}.png`) });
    expect(await seriousFindings(page)).toEqual([]);

    // Bea's "You've been paid" email says it and why.
    await advanceClock(request, 61);
    await expect
      .poll(async () => (await outbox(request, bea.email, /^You've been paid/))?.text ?? '')
      .toContain('24% backup withholding: $24.00 withheld, you receive $76.00');

    // /payments finds the payment by its memo.
    await page.goto('/payments');
    await page.getByLabel('Search payments').fill('reel w9');
    await expect(page).toHaveURL(/search=reel\+w9|search=reel%20w9/);
    await expect(page.getByText('Bea Backup').first()).toBeVisible();
    await expect(page.getByText('Cal Nofile')).toHaveCount(0);
    await screenshot(page, { path: shot(`withholding-search-${width}.png`), fullPage: true });
  });
}
