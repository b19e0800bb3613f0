import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { consentToEmailedTaxForms } from './support/tax-forms.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock, sandboxYear } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

/** A creator with a bank account, a TIN and an address, paid `cents` (posted once the sandbox clock moves). */
async function paidCreator(request: APIRequestContext, token: string, name: [string, string], tin: string, cents: number) {
  const headers = { 'auth-token': token };
  const created = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail('taxpayee'),
      first_name: name[0],
      last_name: name[1],
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const creator = (await created.json()) as { id: string; email: string };
  const profile = {
    id: creator.id,
    state_tax_id: tin,
    address_line_1: '12 Harbor Way',
    address_city: 'Oakland',
    address_state: 'CA',
    address_zip: '94607',
  };
  expect((await request.put(`/v1/creators/${creator.id}`, { headers, data: profile })).status()).toBe(200);
  const drafts = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: creator.id, recipient_role: 'creator', earnings: cents, split: 100, memo: 'Campaign' }],
  });
  expect(drafts.status(), await drafts.text()).toBe(200);
  const ids = ((await drafts.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids } })).status()).toBe(200);
  return creator;
}

test('[taxes] generates 1099-NEC forms for a year, opens the PDF, emails consenting recipients their own and lists the others to mail', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'taxes', 'Harbor Media');
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers: { 'auth-token': owner.token }, data: { amount: 2_000_000 } })).status()).toBe(
    200,
  );
  const kim = await paidCreator(request, owner.token, ['Kim', 'Lee'], '111224444', 512_345);
  await paidCreator(request, owner.token, ['Sam', 'Small'], '555667777', 15_000);
  // Kim consents to electronic delivery; Pat never answered, so Pat's form is to be mailed.
  await consentToEmailedTaxForms(request, kim);
  const pat = await paidCreator(request, owner.token, ['Pat', 'Paper'], '333445555', 250_000);
  await advanceClock(request, 61);
  // The year the payments posted in, by the sandbox clock (see sandboxYear).
  const YEAR = await sandboxYear(request);

  await openSignedIn(page, owner.token, '/taxes');
  const table = page.getByRole('grid', { name: 'Paid Users' });
  await expect(table.getByRole('row', { name: /Kim Lee/ })).toContainText('$5,123.45');
  await expect(table.getByRole('row', { name: /Sam Small/ })).toContainText('$150.00');
  // Each payee's readiness for the forms: no W-9 signed, a TIN and an address entered on the creator's page.
  for (const said of ['No W-9', 'TIN', 'Address']) await expect(table.getByRole('row', { name: /Kim Lee/ })).toContainText(said);
  const generateButton = page.getByRole('button', { name: 'Generate Tax Documents' });
  await expect(generateButton).toBeDisabled();
  await table
    .getByRole('row', { name: /Kim Lee/ })
    .getByRole('checkbox')
    .check();
  await table
    .getByRole('row', { name: /Sam Small/ })
    .getByRole('checkbox')
    .check();
  await shot(page, 'taxes-01-paid-users');

  await generateButton.click();
  const dialog = page.getByRole('dialog', { name: 'Generate Tax Documents' });
  await expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await dialog.getByLabel('Tax year').click();
  await expect(page.getByRole('option')).toHaveText(Array.from({ length: YEAR - 2021 }, (_, index) => String(YEAR - index)));
  await page.getByRole('option', { name: String(YEAR) }).click();
  const pdfResponse = page.waitForResponse((response) => /\/v1\/taxes\/runs\/[^/]+\/pdf$/.test(response.url()));
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const shown = await pdfResponse;
  expect(shown.headers()['content-type']).toBe('application/pdf');
  // The bytes the tab shows, fetched again by URL (a fetch() response's body is not kept by the browser).
  const pdf = await (await request.get(shown.url(), { headers: { 'auth-token': owner.token } })).body();
  await (await popup).close();
  await expect(dialog.getByText(`1 document generated for ${YEAR}.`)).toBeVisible();
  // From 2026 the threshold is $2,000.00: Sam's $150.00 is listed as skipped, with the reason.
  await expect(dialog.getByRole('list', { name: 'Skipped users' })).toContainText('Sam Small');
  await expect(dialog.getByRole('list', { name: 'Skipped users' })).toContainText('Paid less than the reporting threshold');
  await shot(page, 'taxes-02-generated');

  const file = test.info().outputPath('form-1099-nec.pdf');
  fs.writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  expect(text).toContain('Form 1099-NEC');
  expect(text).toContain('5,123.45');
  expect(text).toContain('Kim Lee');
  expect(text).toContain('***-**-4444');
  expect(text).not.toContain('111224444');
  expect(text).toContain('Harbor Media');
  expect(text).not.toContain('Sam Small');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  fs.rmSync(file);

  // Email: Kim, who consented, gets her own copy, attached; Pat is listed to mail, never emailed.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await table
    .getByRole('row', { name: /Pat Paper/ })
    .getByRole('checkbox')
    .check();
  await generateButton.click();
  await dialog.getByLabel('Tax year').click();
  await page.getByRole('option', { name: String(YEAR) }).click();
  await dialog.getByLabel('Email each recipient').check();
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByText("1 email sent, each with the recipient's own form.")).toBeVisible();
  await expect(toast(page, '1 form emailed; print the 1 form to mail')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'To mail' })).toContainText('Pat Paper · 1099-NEC · $2,500.00');
  await expect(dialog.getByRole('list', { name: 'To mail' })).not.toContainText('Kim Lee');
  await shot(page, 'taxes-03b-to-mail');
  const outbox = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as {
    to: string;
    subject: string;
    attachments: { filename: string }[];
  }[];
  const sent = outbox.filter((email) => email.subject === `Your ${YEAR} Form 1099-NEC from Harbor Media`);
  expect(sent.map((email) => [email.to, email.attachments[0]?.filename])).toEqual([[kim.email, `${YEAR}-Form-1099-NEC.pdf`]]);
  expect(outbox.filter((email) => email.to === pat.email && email.subject.includes('1099'))).toEqual([]);

  // IRS filing: the owner saves the TCC, then downloads the year's FIRE file (750-byte records).
  await dialog.getByRole('button', { name: 'Close' }).click();
  const filing = page.getByRole('region', { name: 'IRS filing' });
  // Without a TCC the file is refused, and the card says why (the 409's message), not nothing.
  await filing.getByRole('button', { name: 'Download IRS filing file' }).click();
  await expect(filing.getByRole('alert')).toContainText('The IRS filing file was not created');
  await expect(filing.getByRole('alert')).toContainText("Enter your organization's Transmitter Control Code (TCC) in IRS filing first");
  await filing.getByLabel('Transmitter Control Code (TCC)').fill('08a1z');
  await filing.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('IRS filing settings saved')).toBeVisible();
  const download = page.waitForEvent('download');
  await filing.getByRole('button', { name: 'Download IRS filing file' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`IRS-1099-NEC-${YEAR}.txt`);
  const records = fs.readFileSync((await saved.path())!, 'ascii').match(/[^\r\n]*\r\n/g)!;
  // One B record per payee with a 1099-NEC: Kim and Pat.
  expect(records.map((record) => [record[0], record.length])).toEqual(['T', 'A', 'B', 'B', 'C', 'F'].map((type) => [type, 750]));
  expect(records[0]!.slice(15, 20)).toBe('08A1Z');
  // Kim is paid again after the filing: her filed 1099-NEC now differs, a correction is listed.
  const headers = { 'auth-token': owner.token };
  const more = await request.post('/v1/payments', {
    headers,
    data: [{ recipient: kim.id, recipient_role: 'creator', earnings: 10_000, split: 100, memo: 'Bonus' }],
  });
  const moreIds = ((await more.json()) as { data: { id: string }[] }).data.map((draft) => draft.id);
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: moreIds } })).status()).toBe(200);
  await advanceClock(request, 61);
  await page.reload();
  await expect(filing.getByRole('list', { name: 'Corrections' })).toContainText('Kim Lee');
  await expect(filing.getByRole('list', { name: 'Corrections' })).toContainText('Filed: box 1 $5,123.45');
  await filing.scrollIntoViewIfNeeded();
  await shot(page, 'taxes-04-irs-filing');
  await page.setViewportSize({ width: 390, height: 844 });
  await filing.scrollIntoViewIfNeeded();
  await shot(page, 'taxes-05-irs-filing-mobile');
});
