import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

test('[customers] adds a customer with the spec rules, finds it by search and edits its details and address', async ({ page, request }) => {
  const owner = await createOwner(request, 'customers', 'Brandside Studios');
  const headers = { 'auth-token': owner.token };
  const other = await request.post('/v1/customers', { headers, data: { name: 'Other Brand', email: uniqueEmail('other') } });
  expect(other.status(), await other.text()).toBe(200);

  await openSignedIn(page, owner.token, '/customers');
  await expect(page.getByRole('link', { name: 'Customers' })).toBeVisible();
  await page.getByRole('button', { name: 'New Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Customer' });
  const add = dialog.getByRole('button', { name: 'Add customer' });
  await expect(add).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Drinks');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).blur();
  await expect(dialog.getByText('This field is required and must be an email')).toBeVisible();
  const email = uniqueEmail('acme');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByLabel('CC emails (optional)').fill('billing@acme.test, nope');
  await dialog.getByLabel('CC emails (optional)').blur();
  await expect(dialog.getByText('CC emails must be valid emails separated by commas')).toBeVisible();
  await expect(add).toBeDisabled();
  await dialog.getByLabel('CC emails (optional)').fill('billing@acme.test, ap@acme.test');
  await dialog.getByLabel('Attn (optional)').fill('Accounts payable');
  await shot(page, 'customers-01-new-customer');
  await add.click();
  await expect(toast(page, 'Customer has been added!')).toBeVisible();

  // The same email again is refused with the server's message.
  await page.getByRole('button', { name: 'New Customer' }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Again');
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(toast(page, 'A customer with this email already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const table = page.getByRole('grid', { name: 'Customers' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Search customers').fill('acme');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Acme Drinks/ });
  await expect(row).toContainText('$0.00');
  await shot(page, 'customers-02-list');
  await row.getByRole('link', { name: email }).click();

  await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Acme Drinks' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('billing@acme.test, ap@acme.test');
  await details.getByRole('button', { name: 'Edit details' }).click();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await details.getByRole('textbox', { name: 'Name', exact: true }).blur();
  await expect(details.getByText('This field is required')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Save' })).toBeDisabled();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Beverages');
  await details.getByLabel('Phone number').fill('(415) 555-0101');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Customer has been updated!')).toBeVisible();
  await expect(details).toContainText('Acme Beverages');

  const address = page.getByRole('region', { name: 'Address' });
  await address.getByRole('button', { name: 'Edit address' }).click();
  await address.getByLabel('Address 1').fill('1 Market St');
  await address.getByLabel('City').fill('San Francisco');
  await address.getByLabel('State').click();
  await page.getByRole('option', { name: 'CA - California' }).click();
  await address.getByLabel('Zip').fill('941');
  await address.getByLabel('Zip').blur();
  await expect(address.getByText('Must be 5 digits')).toBeVisible();
  await address.getByLabel('Zip').fill('94105');
  await shot(page, 'customers-03-edit-address');
  await address.getByRole('button', { name: 'Save' }).click();
  await expect(address).toContainText('94105');
  await expect(address).toContainText('CA');
  await shot(page, 'customers-04-info');

  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/tab=invoices/);
  // Not activated (no treasury account): the customer's invoices table, New Invoice disabled.
  await expect(page.getByRole('grid', { name: 'Invoices' }).getByText('No invoices')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Invoice' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('tab', { name: 'Contracts' }).click();
  await expect(page.getByText('No contracts yet')).toBeVisible();
});
