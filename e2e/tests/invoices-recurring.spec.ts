import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { sendInvoiceViaApi } from './support/invoices.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

const DAY = 86_400;

test('[invoices] New Invoice repeats monthly; when the sandbox clock reaches the next date the next invoice is sent', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'invoices-recurring');
  await activateViaApi(request, owner.token);
  const seeded = await sendInvoiceViaApi(request, owner.token, {
    email: 'recurring.billing.department.brand@example-agency.com',
    name: 'Acme Brand',
  });
  // The first repeat tomorrow by the sandbox clock (other journeys may have moved it).
  const clock = (await (await request.get('/dev/clock')).json()) as { now: string };
  const tomorrow = new Date(Date.parse(clock.now) + DAY * 1000).toISOString().slice(0, 10);

  await openSignedIn(page, owner.token, `/invoices/newInvoice?customerId=${seeded.customer_id}`);
  const invoiceCard = page.getByRole('region', { name: 'Invoice', exact: true });
  await invoiceCard.getByRole('textbox', { name: 'Title' }).fill('Monthly retainer');
  await invoiceCard.getByRole('textbox', { name: 'Description' }).fill('Social posts for the month');
  await invoiceCard.getByRole('textbox', { name: 'Amount' }).fill('1500');
  const repeat = page.getByRole('region', { name: 'Repeat' });
  await repeat.getByRole('checkbox', { name: 'Repeat this invoice' }).check();
  await repeat.getByLabel('Next invoice on').fill(tomorrow);
  await repeat.getByRole('radio', { name: 'A number of invoices' }).check();
  await repeat.getByRole('spinbutton', { name: 'Number of invoices' }).fill('0');
  await expect(repeat.getByText('Enter a number of invoices from 1 to 120')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invoice' })).toBeDisabled();
  await repeat.getByRole('spinbutton', { name: 'Number of invoices' }).fill('6');
  await shot(page, 'invoices-recurring-new');
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  await expect(toast(page, 'Invoice will repeat!')).toBeVisible();

  await expect(page.getByRole('heading', { name: /Monthly retainer/ })).toBeVisible();
  const card = page.getByRole('region', { name: 'Repeat' });
  await expect(card.getByText('Every month')).toBeVisible();
  await expect(card.getByText('After 6 invoices')).toBeVisible();
  await expect(card.getByText('Invoices sent')).toBeVisible();
  const template = (await page.getByRole('heading', { name: /Monthly retainer/ }).textContent())!.split(' · ')[0]!;

  await advanceClock(request, 2 * DAY);
  await page.reload();
  const sent = card.getByRole('group', { name: 'Invoices sent by this schedule' }).getByRole('link');
  await expect(sent).toHaveCount(1);
  const next = (await sent.first().textContent())!;
  expect(next).not.toBe(template);
  await shot(page, 'invoices-recurring-schedule');
  await page.setViewportSize({ width: 390, height: 844 });
  // The detail cards wrap long values (the recipient's email): nothing pushes the page sideways.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'invoices-recurring-schedule-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  await sent.first().click();
  await expect(page.getByRole('heading', { name: `${next} · Monthly retainer` })).toBeVisible();
  await expect(card.getByText('1', { exact: true })).toBeVisible();

  // Edit: weekly every 2 weeks; a count not above the invoices sent is refused with its message.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit schedule' });
  await edit.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Weekly' }).click();
  await edit.getByRole('spinbutton', { name: 'Every (weeks)' }).fill('2');
  await edit.getByRole('spinbutton', { name: 'Number of invoices' }).fill('1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Choose more invoices than this schedule has already sent')).toBeVisible();
  await edit.getByRole('spinbutton', { name: 'Number of invoices' }).fill('4');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Schedule has been saved!')).toBeVisible();
  await expect(card.getByText('Every 2 weeks')).toBeVisible();
  await expect(card.getByText('After 4 invoices')).toBeVisible();
  await expect(sent).toHaveCount(1);

  await card.getByRole('button', { name: 'Stop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop' }).click();
  await expect(toast(page, 'Schedule has been stopped!')).toBeVisible();
  await expect(card.getByText('Stopped')).toBeVisible();

  // The clock is now days ahead of the browser's: New Invoice proposes the next repeat a month after the server's day.
  const now = new Date(((await (await request.get('/dev/clock')).json()) as { now: string }).now);
  const [year, month, date] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const monthOn = new Date(Date.UTC(year, month + 1, Math.min(date, new Date(Date.UTC(year, month + 2, 0)).getUTCDate())));
  await page.goto(`/invoices/newInvoice?customerId=${seeded.customer_id}`);
  await repeat.getByRole('checkbox', { name: 'Repeat this invoice' }).check();
  await expect(repeat.getByLabel('Next invoice on')).toHaveValue(monthOn.toISOString().slice(0, 10));
});
