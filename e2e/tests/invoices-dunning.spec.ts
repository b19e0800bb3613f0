import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { sendInvoiceViaApi } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

const DAY = 86_400;

test('[invoices] an owner sets the reminder schedule in Settings; an unpaid invoice shows the reminder sent three days before due', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'invoices-dunning');
  await activateViaApi(request, owner.token);

  await openSignedIn(page, owner.token, '/settings');
  const card = page.getByRole('region', { name: 'Invoice reminders' });
  await card.getByRole('switch', { name: 'Email reminders of unpaid invoices' }).check();
  const days = card.getByRole('textbox', { name: 'Reminder days' });
  await expect(days).toHaveValue('-3, 0, 7, 14');
  await days.fill('-3, 0, 0');
  await expect(card.getByText('Each reminder day may appear once')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await days.fill('-3, 0, 7, 14');
  await expect(
    card.getByText('3 days before the due date; On the due date; 7 days after the due date; 14 days after the due date'),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Reminder schedule has been saved!')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'invoices-dunning-settings');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'invoices-dunning-settings-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const invoice = await sendInvoiceViaApi(request, owner.token, { email: 'dunning.brand@example.com', name: 'Acme Brand', net: 30 });
  await advanceClock(request, 27 * DAY);
  await page.goto(`/invoices/${invoice.id}`);
  const reminders = page.getByRole('region', { name: 'Reminders' });
  await expect(reminders.getByText(/^3 days before the due date: sent/)).toBeVisible();
  await expect(reminders.getByRole('button', { name: 'Send reminder' })).toBeVisible();
  await reminders.scrollIntoViewIfNeeded();
  await shot(page, 'invoices-dunning-invoice');
});
