import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

async function send(request: APIRequestContext, token: string, method: 'POST' | 'PUT', url: string, data: unknown) {
  const response = await request.fetch(url, { method, headers: { 'auth-token': token }, data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string };
}

// PNGs for a person to look at, at the desktop and the phone width; e2e/screenshots/ is not committed.
async function shots(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, {
      path: path.resolve(test.info().project.testDir, '../screenshots', `campaign-splits-${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("[creators] a creator's split for a campaign is set on the Splits tab and applied to that campaign's payments", async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await createOwner(request, 'splits', 'Split House');
  await activateViaApi(request, owner.token);
  const person = (role: 'is_agent' | 'is_manager', first_name: string) =>
    send(request, owner.token, 'POST', '/v1/users', { email: uniqueEmail(first_name), [role]: true, first_name, last_name: 'Party' });
  const agent = await person('is_agent', 'Ada');
  const manager = await person('is_manager', 'Max');
  const creator = await send(request, owner.token, 'POST', '/v1/creators', {
    email: uniqueEmail('mia'),
    first_name: 'Mia',
    last_name: 'Maker',
  });
  await send(request, owner.token, 'PUT', `/v1/creators/${creator.id}`, { id: creator.id, agent_id: agent.id, manager_id: manager.id });
  const customer = await send(request, owner.token, 'POST', '/v1/customers', { name: 'Brightside Brands', email: uniqueEmail('brand') });
  const campaign = await send(request, owner.token, 'POST', '/v1/campaigns', { title: 'Summer drop', customer_id: customer.id });
  await send(request, owner.token, 'POST', '/v1/campaigns', { title: 'Spring teaser', customer_id: customer.id });

  // The Splits tab: the default split, then the campaign splits, none yet.
  await openSignedIn(page, owner.token, `/creators/${creator.id}?tab=splits`);
  await expect(page.getByRole('heading', { name: 'Mia Maker' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Agent split' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Campaign splits' });
  await expect(card.getByText('No campaign splits: every campaign uses the default split.')).toBeVisible();

  // Add one for each campaign; the dialog checks its percents.
  const addSplit = async (title: string, agentSplit: string, managerSplit: string) => {
    await card.getByRole('button', { name: 'Add campaign split' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add campaign split' });
    await dialog.getByLabel('Campaign').click();
    await page.getByRole('option', { name: title }).click();
    await dialog.getByLabel('Agent split %').fill(agentSplit);
    await dialog.getByLabel('Manager split %').fill(managerSplit);
    return dialog;
  };
  let dialog = await addSplit('Summer drop', '101', '15');
  await expect(dialog.getByText('Splits are percentages from 0 to 100')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Agent split %').fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Campaign split saved!')).toBeVisible();
  dialog = await addSplit('Spring teaser', '30', '0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const table = card.getByRole('table', { name: 'Campaign splits' });
  await expect(table.getByRole('row', { name: /Spring teaser/ })).toBeVisible();

  // Edit the first's manager split; remove the second.
  await table.getByRole('button', { name: 'Edit the split of Summer drop' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit campaign split' });
  await expect(edit.getByLabel('Campaign')).toHaveText('Summer drop');
  await edit.getByLabel('Manager split %').fill('5');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row', { name: /Summer drop/ })).toContainText(/Summer drop\s*25\s*5/);
  await table.getByRole('button', { name: 'Remove the split of Spring teaser' }).click();
  await page.getByRole('dialog', { name: 'Remove campaign split' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Campaign split removed!')).toBeVisible();
  await expect(table.getByRole('row', { name: /Spring teaser/ })).toHaveCount(0);
  await shots(page, 'tab');

  // A payment of Summer drop to the creator pays the agent 25% and the manager 5%, not the default 10% each.
  await page.goto(`/payments/newPayment?payment_group_id=${campaign.id}&recipient_id=${creator.id}`);
  await expect(page.getByTestId('payment-row').getByRole('combobox', { name: 'Recipient' })).toHaveValue('Mia Maker');
  await page.getByLabel('Earnings').fill('1000');
  await expect(page.getByLabel('Amount')).toHaveText('Amount $700.00');
  await expect(page.getByText(/^Agent payment \$250\.00 \(25%\)/)).toBeVisible();
  await expect(page.getByText(/^Manager payment \$50\.00 \(5%\)/)).toBeVisible();
  await shots(page, 'new-payment');
  await page.getByRole('button', { name: 'Save' }).click();
  const created = page.getByRole('dialog', { name: '3 payments created' });
  for (const amount of ['$700.00', '$250.00', '$50.00'])
    await expect(created.getByRole('cell', { name: amount, exact: true })).toBeVisible();
});
