import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { chooseRecipient, dropSpareBlock, pdfPagesDrawn, signByLink, signingLink, twoPagePdf } from './support/contracts.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

// Tall enough that the panel's spare block and the whole page are on screen together, as on a desktop monitor.
test.use({ viewport: { width: 1440, height: 1700 } });

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[contracts] New Contract Template: the editor places a block and saves it; a contract made from it is signed by the emailed link', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const owner = await createOwner(request, 'contracts-template', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('template-signer');
  expect((await request.post('/v1/creators', { headers, data: { email, first_name: 'Tess', last_name: 'Template' } })).status()).toBe(200);

  await openSignedIn(page, owner.token, '/contracts');
  await page.getByRole('link', { name: 'New Contract Template' }).click();
  await expect(page).toHaveURL(/\/contracts\/newContractTemplate$/);
  await expect(page.getByRole('heading', { name: 'New Contract Template' })).toBeVisible();
  const start = page.getByRole('button', { name: 'Create Contract Template' });
  await expect(start).toBeDisabled();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Standard creator agreement');
  await page.getByLabel('PDF file').setInputFiles(await twoPagePdf('Standard agreement.pdf'));
  // The dropzone shows the chosen file's name.
  await expect(page.getByTestId('pdf-dropzone')).toContainText('Standard agreement.pdf');
  await start.click();

  // Our template editor: the same block placement as a contract.
  await expect(page).toHaveURL(/\/contracts\/templates\/[0-9a-f]{32}\/edit$/);
  await expect(page.getByRole('heading', { name: 'Standard creator agreement' })).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  const saveTemplate = page.getByRole('button', { name: 'Save template' });
  await expect(saveTemplate).toBeDisabled();
  await dropSpareBlock(page, { x: 0.25, y: 0.85 });
  await expect(page.getByTestId('placed-signature-block')).toHaveCount(1);
  await pdfPagesDrawn(page);
  await screenshot(page, { path: shotPath('contracts-template-editor'), animations: 'disabled' });
  await saveTemplate.click();
  await expect(toast(page, 'Template has been created!')).toBeVisible();
  await expect(page).toHaveURL(/\/contracts\?tab=templates$/);
  await expect(page.getByRole('row', { name: /Standard creator agreement/ })).toBeVisible();
  // One template per organisation.
  await expect(page.getByRole('link', { name: 'New Contract Template' })).toHaveAttribute('aria-disabled', 'true');

  // A contract from the template: no document to add once the template is picked.
  await page.getByRole('link', { name: 'New Contract', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'New Contract' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Tess agreement');
  await chooseRecipient(page, page, 'Tess Template');
  const create = page.getByRole('button', { name: 'Create Contract' });
  await expect(create).toBeDisabled();
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Standard creator agreement' }).click();
  await expect(page.getByText('Document specified by template.')).toBeVisible();
  await expect(page.getByLabel('PDF file')).toHaveCount(0);
  await create.click();
  await expect(toast(page, 'Contract has been created!')).toBeVisible();
  await expect(page).toHaveURL(/\/contracts$/);
  await expect(page.getByRole('row', { name: /Tess agreement/ })).toContainText('Sent');

  // The creator signs the template's document by the emailed link.
  const signer = await browser.newContext();
  const signing = await signer.newPage();
  const link = await signingLink(request, email);
  await signing.goto(link);
  await expect(signing.getByRole('heading', { name: 'Tess agreement' })).toBeVisible();
  await expect(signing.getByText(/highlighted block \(1\)/)).toBeVisible();
  await signByLink(signing, link, 'Tess Template');
  await signer.close();

  await page.reload();
  await expect(page.getByRole('row', { name: /Tess agreement/ })).toContainText('Signed', { timeout: 30_000 });
});

test("[contracts] the campaign wizard's Contract step sends an e-signature contract to the campaign's customer and opens the campaign", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const owner = await createOwner(request, 'contracts-campaign', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const customerEmail = uniqueEmail('customer');
  const customer = await request.post('/v1/customers', { headers, data: { name: 'Acme Drinks', email: customerEmail } });
  expect(customer.status(), await customer.text()).toBe(200);
  const campaign = await request.post('/v1/campaigns', {
    headers,
    data: { title: 'Summer Launch', customer_id: (await customer.json()).id },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);
  const campaignId = (await campaign.json()).id as string;

  await openSignedIn(page, owner.token, `/campaigns/new?campaignId=${campaignId}`);
  await page.getByRole('button', { name: 'Contract', exact: true }).click();
  await expect(page.getByText('Contract details')).toBeVisible();
  // A campaign contract goes to the campaign's customer.
  await expect(page.getByRole('combobox', { name: 'Recipient', exact: true })).toHaveValue('Acme Drinks');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Summer Launch agreement');
  await page.getByLabel('PDF file').setInputFiles(await twoPagePdf());
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await dropSpareBlock(page, { x: 0.3, y: 0.8 });
  await expect(page.getByTestId('placed-signature-block')).toHaveCount(1);
  await page.getByRole('button', { name: 'Create Contract' }).click();
  await expect(toast(page, 'Contract has been created!')).toBeVisible();
  await expect(page).toHaveURL(`/campaigns/${campaignId}`);

  await page.getByRole('tab', { name: 'Contracts' }).click();
  const row = page.getByRole('row', { name: /Summer Launch agreement/ });
  await expect(row).toContainText('Sent');
  await expect(row).toContainText('Acme Drinks');

  const signer = await browser.newContext();
  await signByLink(await signer.newPage(), await signingLink(request, customerEmail), 'Ana Acme');
  await signer.close();
  await page.reload();
  // A reload on a busy machine: the table waits for its first page.
  await expect(page.getByRole('row', { name: /Summer Launch agreement/ })).toContainText('Signed', { timeout: 30_000 });
});
