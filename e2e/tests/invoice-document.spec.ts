import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { readPayLink, sendInvoiceViaApi } from './support/invoices.ts';
import { activateViaApi } from './support/wallet.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

/** A PDF's text as pdftotext reads it (with its layout: an amount stays on its label's line). */
function pdfText(bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const downloaded = async (download: Download) => pdfText(fs.readFileSync(await download.path()));
const people = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('[invoices] the invoice is a real document: emailed as a PDF with logo and line items, downloaded by staff and on the pay page', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'invoice-document', 'Northwind Studios');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const logo = await request.put('/v1/org/logo', {
    headers,
    multipart: {
      file: {
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(path.resolve(test.info().project.testDir, 'support/logo.png')),
      },
    },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const email = uniqueEmail('brand');
  const customer = (await (await request.post('/v1/customers', { headers, data: { name: 'Acme Brand', email } })).json()) as { id: string };
  const invoice = await sendInvoiceViaApi(request, owner.token, {
    customer_id: customer.id,
    title: 'Spring posts',
    description: 'Three posts and two stories',
    amount: 125_000,
  });
  // Issued on the server's day: the sandbox clock of this worker's server may have moved on.
  const clock = (await (await request.get('/v1/meta/clock')).json()) as { now: string };
  const today = people.format(new Date(clock.now));

  // The invoice email in the outbox, with the invoice attached: opened and read. The outbox is the
  // worker server's, shared with other specs whose organisations number their own INV-0001: this
  // customer's email is the one read.
  await page.goto('/dev/outbox');
  const attachment = page
    .getByRole('article')
    .filter({ hasText: `to ${email}` })
    .getByRole('link', { name: 'Invoice-INV-0001.pdf' });
  await expect(attachment).toBeVisible();
  const href = (await attachment.getAttribute('href'))!;
  const emailed = await page.request.get(href);
  expect(emailed.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await emailed.body());
  for (const part of [
    'Invoice INV-0001',
    `Issued ${today}`,
    'Northwind Studios',
    'Acme Brand',
    'Description',
    'Spring posts',
    'Three posts and two stories',
  ])
    expect(text).toContain(part);
  expect(text).toMatch(/Total due\s+\$1,250\.00/);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // Staff download it from the invoice page.
    await openSignedIn(page, owner.token, `/invoices/${invoice.id}`);
    const staffButton = page.getByRole('button', { name: 'Download PDF' });
    await expect(staffButton).toBeVisible();
    const staffDownload = page.waitForEvent('download');
    await staffButton.click();
    const staffFile = await staffDownload;
    expect(staffFile.suggestedFilename()).toBe('Invoice-INV-0001.pdf');
    expect(await downloaded(staffFile)).toContain('Spring posts');
    await shot(page, `invoice-document-staff-${viewport.width}`);

    // The payer downloads it from the pay page.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(await readPayLink(request, email));
    const payButton = page.getByRole('link', { name: 'Download invoice PDF' });
    await expect(payButton).toBeVisible();
    const payDownload = page.waitForEvent('download');
    await payButton.click();
    expect(await downloaded(await payDownload)).toMatch(/Total due\s+\$1,250\.00/);
    await shot(page, `invoice-document-pay-page-${viewport.width}`);
  }
});
