import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';
import { addBankedCreator } from './support/payees.ts';

test('[creators] edits a creator’s details: a business needs its name, and the saved name and pronouns show on the card', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'details', 'Harbor Talent');
  const creator = await addBankedCreator(request, owner.token, { first_name: 'Rae', last_name: 'Banked', emailPrefix: 'raedetails' });
  await openSignedIn(page, owner.token, `/creators/${creator.id}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Rae Banked');

  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit details' });
  await expect(dialog.getByLabel('First name')).toHaveValue('Rae');
  // A business without its name cannot be saved.
  await dialog.getByLabel('Entity type').click();
  await page.getByRole('option', { name: 'Business' }).click();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Business name').fill('Rae Banked Studio LLC');
  await dialog.getByLabel('Pronouns').fill('she/her');
  await screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', 'creators-details-edit.png'),
    animations: 'disabled',
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText('Rae Banked Studio LLC');
  await expect(details).toContainText('Business');
  await expect(details).toContainText('she/her');

  // Cancel leaves the record as it was, and the next Edit starts from the saved values.
  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(dialog.getByLabel('Business name')).toHaveValue('Rae Banked Studio LLC');
  await dialog.getByLabel('Pronouns').fill('they/them');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText('she/her');
  const saved = await request.get(`/v1/creators/${creator.id}`, { headers: { 'auth-token': owner.token } });
  expect(await saved.json()).toMatchObject({ entity_type: 'business', business_name: 'Rae Banked Studio LLC', pronouns: 'she/her' });
});
