import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A two-page letter-size agreement, written to a temporary file for the dropzone. */
export async function twoPagePdf(name = 'Agreement.pdf'): Promise<string> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of ['Influencer agreement, page one', 'Influencer agreement, page two']) {
    const page = document.addPage([612, 792]);
    page.drawText(text, { x: 72, y: 700, size: 18, font });
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-contract-')), name);
  fs.writeFileSync(file, await document.save());
  return file;
}

/** Drags the panel's spare block to a point of the shown page, as a person does with the mouse. */
export async function dropSpareBlock(page: Page, at: { x: number; y: number }) {
  await pdfPagesDrawn(page);
  await page.getByTestId('pdf-page-overlay').scrollIntoViewIfNeeded();
  const spare = await page.getByLabel('Spare signature block').boundingBox();
  const sheet = await page.getByTestId('pdf-page-overlay').boundingBox();
  expect(spare && sheet).toBeTruthy();
  await page.mouse.move(spare!.x + 10, spare!.y + 8);
  await page.mouse.down();
  await page.mouse.move(sheet!.x + sheet!.width * at.x, sheet!.y + sheet!.height * at.y, { steps: 12 });
  await page.mouse.up();
}

type OutboxEmail = { to: string; links: string[] };
const outbox = async (request: APIRequestContext) =>
  (await (await request.get('/dev/outbox', { headers: { accept: 'application/json' } })).json()) as OutboxEmail[];

/** The signing links emailed to `to`, oldest first. */
export async function signingLinks(request: APIRequestContext, to: string): Promise<string[]> {
  return (await outbox(request))
    .filter((email) => email.to === to)
    .flatMap((email) => email.links)
    .filter((url) => url.includes('/sign/'))
    .map((url) => new URL(url).pathname);
}

/** The newest signing link emailed to `to` (the provider call prepares the document first). */
export async function signingLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      link = (await signingLinks(request, to)).at(-1);
      return link;
    })
    .toBeTruthy();
  return link!;
}

export async function chooseRecipient(form: Page | Locator, page: Page, name: string) {
  await form.getByRole('combobox', { name: 'Recipient', exact: true }).fill(name.split(' ')[0]!);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

/** Signs on the public page the link opens, in a browser of its own (the signer has no account). */
export async function signByLink(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel(/I agree to sign this document electronically/).check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(page.getByText('Signed. A copy with its signature certificate has been emailed to you.')).toBeVisible();
}

/** Waits until every PDF page on screen is completely drawn (text included), e.g. before a screenshot. */
export async function pdfPagesDrawn(page: Page) {
  const pages = page.getByTestId('pdf-page');
  await expect(pages.first()).toBeVisible();
  for (const sheet of await pages.all()) await expect(sheet).toHaveAttribute('data-rendered', 'true');
}
