import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { signingLinks, twoPagePdf } from './support/contracts.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';

const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[contracts] Home lists an Unsigned Contract to-do: its title opens the contract, Send reminder emails a new signing link, SMS stays disabled', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'contracts-home', 'Harbor Media');
  await activateViaApi(request, owner.token);
  const headers = { 'auth-token': owner.token };
  const email = uniqueEmail('unsigned');
  const creator = await request.post('/v1/creators', {
    headers,
    data: { email, first_name: 'Uma', last_name: 'Unsigned', phone_number: '4155550177' },
  });
  expect(creator.status()).toBe(200);
  const created = await request.post('/v1/contracts', {
    headers,
    multipart: {
      title: 'Summer series agreement',
      type: 'signature_request',
      recipient: (await creator.json()).id as string,
      recipient_type: 'creator',
      expiration_date: '2099-12-31',
      formFields: JSON.stringify([
        { x: 100, y: 600, width: 80, height: 16, type: 'signature', required: true, signer: 0, api_id: 'signature_field_1', page: 1 },
      ]),
      file: { name: 'Agreement.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(await twoPagePdf()) },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const contractId = (await created.json()).id as string;
  await expect.poll(async () => (await signingLinks(request, email)).length).toBe(1);

  await openSignedIn(page, owner.token, '/');
  const todos = page.getByRole('region', { name: 'To-do' });
  const title = todos.getByRole('link', { name: 'Summer series agreement (Uma Unsigned)' });
  await expect(title).toBeVisible();
  await expect(todos.getByText('Unsigned Contract', { exact: true })).toBeVisible();

  await todos.getByRole('button', { name: 'Send reminder', exact: true }).click();
  // The recipient has a phone, but contracts have no SMS reminder (the spec keeps it disabled).
  await expect(page.getByRole('menuitem', { name: 'SMS' })).toHaveAttribute('aria-disabled', 'true');
  await page.screenshot({ path: shotPath('contracts-home-todo'), animations: 'disabled' });
  await page.getByRole('menuitem', { name: 'Email' }).click();
  await expect(toast(page, 'Reminder(s) have been sent!')).toBeVisible();
  await expect.poll(async () => (await signingLinks(request, email)).length).toBe(2);

  await title.click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contractId}$`));
  await expect(page.getByText('Summer series agreement').first()).toBeVisible();
});
