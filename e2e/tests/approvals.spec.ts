import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, readEmailedLink, uniqueEmail } from './support/api.ts';
import { createAdmin } from './support/approvals.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', name);

/** axe's serious and critical findings on the page as it is now (WCAG A/AA), one line each. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** A funded owner whose every payment needs approval (set on Settings > Approvals), two admins, and a payee with no payout details. */
async function seedApprovals(page: Page, request: APIRequestContext) {
  const owner = await createOwner(request, 'approvals', 'Checker Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const [maker, checker] = [await createAdmin(request, owner.token, 'maker'), await createAdmin(request, owner.token, 'checker')];
  await openSignedIn(page, owner.token, '/settings?tab=approvals');
  await page.getByLabel('Every payment needs approval').check();
  await page.getByRole('button', { name: 'Save approval rules' }).click();
  await expect(page.getByText('Approval rules saved')).toBeVisible();
  const payeeEmail = uniqueEmail('robin-checked');
  const creator = await request.post('/v1/creators', { headers, data: { email: payeeEmail, first_name: 'Robin', last_name: 'Checked' } });
  expect(creator.status(), await creator.text()).toBe(200);
  const recipient = ((await creator.json()) as { id: string }).id;
  // The maker creates the draft: they will execute it, and neither may approve it.
  const drafts = await request.post('/v1/payments', {
    headers: { 'auth-token': maker.token },
    data: [{ recipient, recipient_role: 'creator', earnings: 12_500, split: 100, memo: 'June' }],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const [payment] = ((await drafts.json()) as { data: { id: string }[] }).data;
  return { owner, headers, maker, checker, payeeEmail, paymentId: payment!.id };
}

const HELD = '1 payment is held for approval by an owner or admin; nothing is sent until approved';

for (const width of [1440, 390]) {
  test(`[approvals] at ${width} px: the maker is told the payment is held for approval and sees it there, an approver approves it from the inbox, the payee is emailed`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { headers, maker, checker, payeeEmail, paymentId } = await seedApprovals(page, request);
    const phone = width === 390;

    // The maker executes: from the Draft tab on a desktop, from the payment's own page on a phone.
    await openSignedIn(page, maker.token, phone ? `/payments/${paymentId}` : '/payments?tab=draft_payments');
    if (!phone)
      await page
        .getByRole('row', { name: /Robin Checked/ })
        .getByRole('checkbox')
        .check();
    await page.getByRole('button', { name: 'Execute Payments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Execute payments' });
    await expect(dialog.getByLabel('What happens')).toContainText(
      '1 payment will be held for approval by an owner or admin: the money is held and nothing is sent until approved.',
    );
    await screenshot(page, { path: shot(`approvals-execute-dialog-${width}.png`) });
    expect(await seriousFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Execute', exact: true }).click();
    await expect(toast(page, HELD)).toBeVisible();
    await expect(page.getByText('Payment is on the way!')).toHaveCount(0);

    if (phone) {
      // Landed on the payment: it says it is held, and where it is decided.
      await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
      // The page's notice, not the toast (also an alert, saying "held for approval").
      const notice = page.getByRole('alert').filter({
        hasText: 'Held for approval: its money is held and nothing is sent until an owner or admin other than its maker approves it.',
      });
      await expect(notice).toBeVisible();
      await screenshot(page, { path: shot(`approvals-maker-payment-${width}.png`), fullPage: true });
      await notice.getByRole('link', { name: 'See Approvals' }).click();
    }
    // The Approvals tab, with its count; the maker may not decide their own payment.
    await expect(page).toHaveURL(/tab=approval_payments/);
    await expect(page.getByRole('tab', { name: /Approvals.*1 payment awaiting approval/ })).toBeVisible();
    const card = page.getByLabel('Payment to Robin Checked', { exact: true });
    await expect(card).toContainText('$125.00 to Robin Checked');
    await expect(card).toContainText('Another owner or admin decides this one');
    await screenshot(page, { path: shot(`approvals-maker-tab-${width}.png`), fullPage: true });

    // No payment email to the payee yet: nothing was sent and nothing asked of them. Their only
    // email is the portal invitation every new creator gets when added (POST /v1/creators).
    const payeeEmails = async () =>
      ((await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as { to: string; subject: string }[])
        .filter((email) => email.to === payeeEmail)
        .map((email) => email.subject);
    expect(await payeeEmails()).toEqual(['Checker Studios invited you to Crewpay']);

    // The approver's inbox: the count, the payee, the maker and the date on the row.
    await openSignedIn(page, checker.token, '/payments?tab=approval_payments');
    await expect(page.getByRole('heading', { name: '1 payment awaiting approval' })).toBeVisible();
    const inbox = page.getByLabel('Payment to Robin Checked', { exact: true });
    await expect(inbox).toContainText(/Executed by maker-.+@example\.com on \d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(inbox.getByRole('link', { name: 'Robin Checked' })).toBeVisible();
    await screenshot(page, { path: shot(`approvals-inbox-${width}.png`), fullPage: true });
    expect(await seriousFindings(page)).toEqual([]);
    if (phone) {
      await inbox.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(toast(page, "Payment approved: it waits for its payee's payout details; we emailed them a link")).toBeVisible();
    } else {
      // Bulk: choose, then Approve chosen.
      await inbox.getByRole('checkbox', { name: 'Choose the payment to Robin Checked' }).check();
      await page.getByRole('button', { name: 'Approve chosen (1)' }).click();
      await page.getByRole('dialog', { name: 'Approve 1 payment' }).getByRole('button', { name: 'Approve' }).click();
      await expect(toast(page, '1 payment approved')).toBeVisible();
    }
    await expect(page.getByText('No payments are awaiting approval.')).toBeVisible();

    // Approved, the payment goes to its payee: they have no payout details yet, so they are emailed the link.
    const approved = (await (await request.get(`/v1/payments/${paymentId}`, { headers })).json()) as { status: string };
    expect(approved.status).toBe('requires_info');
    expect(await readEmailedLink(request, payeeEmail, '/bankDetails?id=')).toContain('/bankDetails?id=');
  });
}
