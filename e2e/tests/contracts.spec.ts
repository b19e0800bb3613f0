import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { chooseRecipient, dropSpareBlock, pdfPagesDrawn, signingLink, twoPagePdf } from './support/contracts.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

// Tall enough that the panel's spare block and the whole page are on screen together, as on a desktop monitor.
test.use({ viewport: { width: 1440, height: 1700 } });

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

test('[contracts] uploads a two-page PDF, places a block on each page, the creator signs by the emailed link, and the signed copy carries both stamps and the certificate', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const owner = await createOwner(request, 'contracts', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 100_000 } })).status()).toBe(200);
  const email = uniqueEmail('signer');
  expect((await request.post('/v1/creators', { headers, data: { email, first_name: 'Nadia', last_name: 'Rowe' } })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/contracts/newContract');
  await expect(page.getByRole('heading', { name: 'New Contract' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Contract' });
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring launch agreement');
  await chooseRecipient(page, page, 'Nadia Rowe');
  const original = await twoPagePdf();
  await page.getByLabel('PDF file').setInputFiles(original);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  await dropSpareBlock(page, { x: 0.3, y: 0.8 });
  await expect(page.getByTestId('placed-signature-block')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByTestId('placed-signature-block')).toHaveCount(0);
  await dropSpareBlock(page, { x: 0.6, y: 0.5 });
  await expect(page.getByText('2 placed')).toBeVisible();
  // A block dropped off the page is removed; the spare comes back to the panel.
  await dropSpareBlock(page, { x: 1.6, y: 0.5 });
  await expect(page.getByText('2 placed')).toBeVisible();
  await pdfPagesDrawn(page);
  await screenshot(page, { path: shotPath('contracts-new-with-blocks'), animations: 'disabled' });
  await create.click();
  await expect(page).toHaveURL(/\/contracts$/);
  const row = page.getByRole('row', { name: /Spring launch agreement/ });
  await expect(row).toContainText('Sent');

  // The creator signs on the emailed page, without an account.
  const signer = await browser.newContext({ acceptDownloads: true });
  const signing = await signer.newPage();
  await signing.goto(await signingLink(request, email));
  await expect(signing.getByRole('heading', { name: 'Spring launch agreement' })).toBeVisible();
  await expect(signing.getByText(/highlighted block \(2\)/)).toBeVisible();
  await signing.getByLabel('Full name').fill('Nadia Rowe');
  await signing.getByLabel(/I agree to sign this document electronically/).check();
  // The page is shown once drawn with its text, never half drawn.
  await pdfPagesDrawn(signing);
  await screenshot(signing, { path: shotPath('contracts-signing-page'), animations: 'disabled' });
  await signing.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(signing.getByText('Signed. A copy with its signature certificate has been emailed to you.')).toBeVisible();
  const [download] = await Promise.all([
    signing.waitForEvent('download'),
    signing.getByRole('button', { name: 'Download signed copy' }).click(),
  ]);
  const signedFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-signed-')), 'signed.pdf');
  await download.saveAs(signedFile);
  await signer.close();

  const pages = pdfText(signedFile).split('\f');
  expect(pages[0]).toContain('page one');
  expect(pages[0]).toContain('Nadia Rowe');
  expect(pages[1]).toContain('page two');
  expect(pages[1]).toContain('Nadia Rowe');
  expect(pages[2]).toContain('Signature certificate');
  expect(pages[2]).toContain(email);
  // The stamps change what the page looks like, not only its text: page one renders differently from the original.
  const render = (file: string, name: string) => {
    const out = path.join(path.dirname(signedFile), name);
    execFileSync('pdftoppm', ['-png', '-gray', '-r', '40', '-f', '1', '-l', '1', '-singlefile', file, out]);
    return fs.readFileSync(`${out}.png`);
  };
  expect(render(signedFile, 'signed').equals(render(original, 'original'))).toBe(false);

  // The organisation sees it Signed.
  await page.reload();
  await expect(page.getByRole('row', { name: /Spring launch agreement/ })).toContainText('Signed', { timeout: 30_000 });
  await screenshot(page, { path: shotPath('contracts-list'), animations: 'disabled' });
  await page.getByRole('link', { name: 'Spring launch agreement' }).click();
  await expect(page.getByText('Signed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled();
  await pdfPagesDrawn(page);
  await screenshot(page, { path: shotPath('contracts-signed-detail'), animations: 'disabled' });
});

test('[contracts] uploads an already signed contract as a plain file: no signing link, shown as Signed', async ({ page, request }) => {
  const owner = await createOwner(request, 'contracts-plain', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('plain');
  expect((await request.post('/v1/creators', { headers, data: { email, first_name: 'Omar', last_name: 'Quinn' } })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/contracts/newContract');
  await page.getByRole('button', { name: 'Upload an already signed contract' }).click();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Signed on paper');
  await chooseRecipient(page, page, 'Omar Quinn');
  await page.getByLabel('PDF file').setInputFiles(await twoPagePdf());
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('button', { name: 'Create Contract' }).click();
  await expect(page.getByRole('row', { name: /Signed on paper/ })).toContainText('Signed');
  const outbox = (await (await request.get('/dev/outbox', { headers: { accept: 'application/json' } })).json()) as {
    to: string;
    links: string[];
  }[];
  expect(outbox.filter((item) => item.to === email).flatMap((item) => item.links)).not.toContainEqual(expect.stringContaining('/sign/'));
});
