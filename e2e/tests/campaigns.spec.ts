import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi, advanceClock } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });

type Headers = { 'auth-token': string };

async function addPerson(request: APIRequestContext, headers: Headers, role: 'agent' | 'manager', firstName: string): Promise<string> {
  const response = await request.post('/v1/users', {
    headers,
    data: { email: uniqueEmail(role), [`is_${role}`]: true, first_name: firstName, last_name: role === 'agent' ? 'Agent' : 'Manager' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function addBankedCreator(request: APIRequestContext, headers: Headers, firstName: string, lastName: string): Promise<string> {
  const response = await request.post('/v1/creators', {
    headers,
    data: {
      email: uniqueEmail(firstName.toLowerCase()),
      first_name: firstName,
      last_name: lastName,
      account_number: '000123456789',
      routing_number: '110000000',
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Gives the creator an agent (10%) and a manager (20%) through PUT /v1/creators; the creator profile's own screens are tested elsewhere. */
async function assignAgentAndManager(request: APIRequestContext, headers: Headers, creatorId: string, agentId: string, managerId: string) {
  const response = await request.put(`/v1/creators/${creatorId}`, {
    headers,
    data: { id: creatorId, agent_id: agentId, agent_split: 10, manager_id: managerId, manager_split: 20 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('[campaigns] wizard with an inline customer, two creators and deliverables; executing and settling its payments moves the counts, chart and Home', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'campaigner', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  expect((await request.post('/v1/treasury/load', { headers, data: { amount: 3_000_000 } })).status()).toBe(200);
  const agentId = await addPerson(request, headers, 'agent', 'Ada');
  const managerId = await addPerson(request, headers, 'manager', 'Max');
  const mayaId = await addBankedCreator(request, headers, 'Maya', 'Lopez');
  await addBankedCreator(request, headers, 'Leo', 'Park');
  await assignAgentAndManager(request, headers, mayaId, agentId, managerId);

  // Home before: no campaigns, the checklist step open.
  await openSignedIn(page, owner.token, '/');
  const activeCard = page.getByRole('region', { name: 'Active Campaigns' });
  await expect(activeCard).toContainText("You don't have any campaigns");
  await expect(activeCard.getByRole('link', { name: 'Start one now!' })).toHaveAttribute('href', '/campaigns/new');
  await expect(
    page.getByRole('region', { name: 'Set up your account' }).getByRole('link', { name: 'Start a Campaign', exact: true }),
  ).toBeVisible();

  // /creators: both selected, New Campaign.
  await page.goto('/creators');
  await page
    .getByRole('row', { name: /Maya Lopez/ })
    .getByRole('checkbox')
    .check();
  await page
    .getByRole('row', { name: /Leo Park/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'New Campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/new\?creator_id=.+&creator_id=/);

  // General: Save and continue needs a name and a customer; steps are not clickable yet.
  const saveAndContinue = page.getByRole('button', { name: 'Save and continue' });
  await expect(page.getByRole('button', { name: 'Payments' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Summer Launch');
  await expect(saveAndContinue).toBeDisabled();
  await page.getByRole('button', { name: 'Add Customer' }).click();
  const customerDialog = page.getByRole('dialog', { name: 'Add Customer' });
  await customerDialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Drinks');
  await customerDialog.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('acme'));
  await customerDialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(page, 'Customer has been added!')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme Drinks');
  await page.getByLabel('Description').fill('Three posts for the summer drink launch');
  await page.getByLabel('Campaign budget').fill('20000');
  await page.getByLabel('Start date').fill('2026-06-01');
  await page.getByLabel('End date').fill('2026-05-01');
  await page.getByLabel('End date').blur();
  await expect(page.getByText('End date cannot be before start date')).toBeVisible();
  await page.getByLabel('End date').fill('2026-08-31');
  await page.getByLabel('Campaign reference ID').fill('PO-1042');
  await page.getByLabel('Agent').click();
  await page.getByRole('option', { name: 'Ada Agent' }).click();
  await shot(page, 'campaigns-01-general');
  await saveAndContinue.click();
  await expect(toast(page, 'Campaign has been created!')).toBeVisible();
  await expect(page).toHaveURL(/campaignId=[0-9a-f-]{36}/);
  const campaignId = new URL(page.url()).searchParams.get('campaignId')!;

  // Payments: one row per selected creator; the agent and manager shares come from the core math.
  const rows = page.getByTestId('campaign-payment-row');
  await expect(rows).toHaveCount(2);
  // Rows follow the order the creators were selected in.
  const maya = rows.nth(0);
  const leo = rows.nth(1);
  await expect(maya.getByRole('combobox', { name: 'Creator' })).toHaveValue('Maya Lopez');
  await expect(leo.getByRole('combobox', { name: 'Creator' })).toHaveValue('Leo Park');
  await maya.getByLabel('Earnings').fill('10000');
  await maya.getByLabel('Memo').fill('Posts');
  await expect(maya).toContainText('Amount $7,000.00');
  await expect(maya).toContainText('Manager payment $2,000.00');
  await expect(maya).toContainText('Agent payment $1,000.00');
  await leo.getByLabel('Earnings').fill('2500');
  await expect(leo).toContainText('Amount $2,500.00');
  await expect(page.getByLabel('Payments total')).toHaveText('Total payments $12,500.00');
  // A row with an invalid split is refused before anything is saved.
  await maya.getByLabel('Split %').fill('101');
  await expect(saveAndContinue).toBeDisabled();
  await maya.getByLabel('Split %').fill('100');
  await shot(page, 'campaigns-02-payments');
  await saveAndContinue.click();

  // Deliverables: rows per creator, saved only with quantity and description.
  const deliverableRows = page.getByTestId('deliverable-row');
  await expect(deliverableRows).toHaveCount(2);
  await deliverableRows.nth(0).getByLabel('Quantity').fill('3');
  await deliverableRows.nth(0).getByLabel('Description').fill('Instagram reels');
  await deliverableRows.nth(0).getByLabel('Post date').fill('2026-06-15');
  await deliverableRows.nth(1).getByLabel('Quantity').fill('2');
  await shot(page, 'campaigns-03-deliverables');
  await saveAndContinue.click();

  // Contract: the contract form for the campaign's customer; Skip opens the campaign.
  await expect(page.getByText('Contract details')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip' })).toBeVisible();
  await shot(page, 'campaigns-04-contract');
  // Once the campaign exists the steps are clickable; going back does not offer the saved payments again.
  await page.getByRole('button', { name: 'Payments' }).click();
  await expect(
    page.getByText('This campaign already has 4 payments, listed on its Payments tab. Rows here add new payments.'),
  ).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('combobox', { name: 'Creator' })).toHaveValue('');
  await page.getByRole('button', { name: 'Contract', exact: true }).click();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(`/campaigns/${campaignId}`);

  // Overview: details, the chart (k on the axis from $10,000) and income.
  await expect(page.getByRole('heading', { name: 'Summer Launch' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Acme Drinks');
  await expect(details).toContainText('$20,000.00');
  await expect(details).toContainText('Ada Agent');
  const chart = page.getByRole('region', { name: 'Earnings' });
  await expect(chart.locator('svg text', { hasText: /^\$\d+k$/ }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Income' }).getByLabel('Projected')).toHaveText('$7,500.00');
  await shot(page, 'campaigns-05-overview-drafts');

  // Uploaded files: a PDF is kept and downloads on click; bytes of a type not allowed are refused whatever the name.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'brief.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
  });
  await expect(toast(page, 'File has been uploaded!')).toBeVisible();
  const files = page.getByRole('region', { name: 'Uploaded files' });
  const download = page.waitForEvent('download');
  await files.getByText('brief.pdf').click();
  expect((await download).suggestedFilename()).toBe('brief.pdf');
  await fileInput.setInputFiles({
    name: 'tool.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]),
  });
  await expect(toast(page, 'This file type is not allowed')).toBeVisible();
  await expect(files.getByRole('button')).toHaveCount(2);
  await shot(page, 'campaigns-05b-files');

  // The list: 0 of 4 payments posted.
  await page.goto('/campaigns');
  const listRow = page.getByRole('row', { name: /Summer Launch/ });
  await expect(listRow).toContainText('Acme Drinks');
  await expect(listRow).toContainText('$20,000.00');
  await expect(listRow).toContainText('0/4');
  await expect(listRow).toContainText('0/0');
  await shot(page, 'campaigns-06-list');

  // Home: the card and the checklist step.
  await page.goto('/');
  await expect(activeCard.getByRole('link', { name: 'Summer Launch' })).toHaveAttribute('href', `/campaigns/${campaignId}`);
  await expect(activeCard).toContainText('4 Payments');
  await expect(activeCard).toContainText(/Opened (a few seconds|a minute) ago/);
  await expect(
    page.getByRole('region', { name: 'Set up your account' }).getByRole('link', { name: 'Start a Campaign (complete)' }),
  ).toBeVisible();
  await shot(page, 'campaigns-07-home');

  // Deliverables tab: the one saved row; add, edit and delete.
  await page.goto(`/campaigns/${campaignId}?tab=deliverables`);
  const deliverables = page.getByRole('grid', { name: 'Deliverables' });
  await expect(deliverables.getByRole('row')).toHaveCount(2);
  await expect(deliverables.getByRole('row', { name: /Instagram reels/ })).toContainText('6/15/2026');
  await page.getByRole('button', { name: 'New Deliverable' }).click();
  const deliverableDialog = page.getByRole('dialog', { name: 'New Deliverable' });
  await deliverableDialog.getByRole('combobox', { name: 'Recipient' }).fill('Leo');
  await page.getByRole('option', { name: 'Leo Park' }).click();
  await deliverableDialog.getByLabel('Description').fill('TikTok video');
  await deliverableDialog.getByLabel('Quantity').fill('1');
  await deliverableDialog.getByRole('button', { name: 'Add deliverable' }).click();
  await expect(toast(page, 'Deliverable has been created!')).toBeVisible();
  await page.getByRole('button', { name: 'Edit TikTok video' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Deliverable' });
  await expect(editDialog.getByRole('combobox', { name: 'Recipient' })).toHaveValue('Leo Park');
  await editDialog.getByLabel('Quantity').fill('2');
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(deliverables.getByRole('row', { name: /TikTok video/ })).toContainText('2');
  await shot(page, 'campaigns-08-deliverables-tab');
  await page.getByRole('button', { name: 'Delete TikTok video' }).click();
  await page.getByRole('dialog', { name: 'Delete deliverable' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deliverable has been deleted!')).toBeVisible();
  await expect(deliverables.getByRole('row')).toHaveCount(2);

  // Payments tab: select all four drafts and execute them.
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/tab=payments/);
  const payments = page.getByRole('grid', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'New Payment' })).toHaveAttribute(
    'href',
    `/payments/newPayment?payment_group_id=${campaignId}`,
  );
  await payments.getByRole('checkbox', { name: 'Select all rows' }).check();
  await shot(page, 'campaigns-09-payments-tab');
  await page.getByRole('button', { name: 'Execute Payments' }).click();
  // The payments branch adds a confirmation (count, total, fees) before executing; confirm it when it is there.
  const confirm = page.getByRole('dialog', { name: 'Execute payments' });
  const awaitingInput = payments.getByRole('row').filter({ hasText: 'Awaiting input' });
  await expect(confirm.or(awaitingInput.first())).toBeVisible();
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Execute', exact: true }).click();
  // The creators have bank details (Pending); the agent and manager wait for payout details.
  await expect(awaitingInput).toHaveCount(2);
  await expect(payments.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(2);
  await shot(page, 'campaigns-09b-executed');

  // The clock moves: the creators' payments post (the agent and manager still need payout details).
  await advanceClock(request, 61);
  await page.goto('/campaigns');
  await expect(page.getByRole('row', { name: /Summer Launch/ })).toContainText('2/4');
  await page.getByRole('link', { name: 'Summer Launch' }).click();
  await expect(page.getByRole('region', { name: 'Income' }).getByLabel('Current')).toHaveText('-$9,500.00');
  await shot(page, 'campaigns-10-overview-posted');

  // Archived: the status select moves it to the Archived Campaigns tab and off Home.
  await page.getByRole('button', { name: 'Edit details' }).click();
  await details.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Archived' }).click();
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Campaign has been updated!')).toBeVisible();
  await page.goto('/campaigns');
  await expect(page.getByRole('row', { name: /Summer Launch/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Archived Campaigns' }).click();
  await expect(page.getByRole('row', { name: /Summer Launch/ })).toBeVisible();
  await page.goto('/');
  await expect(activeCard).toContainText("You don't have any campaigns");
});
