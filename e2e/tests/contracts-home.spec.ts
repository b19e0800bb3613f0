import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { signingLinks, twoPagePdf } from './support/contracts.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { screenshot } from './support/screenshots.ts';

type Text = { to: string; body: string; status: string };
const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test('[contracts] Home lists an Unsigned Contract to-do: its title opens the contract, Send reminder texts or emails a new signing link', async ({
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
  // The recipient has a phone: the reminder can go by SMS.
  const sms = page.getByRole('menuitem', { name: 'SMS' });
  await expect(sms).not.toHaveAttribute('aria-disabled', 'true');
  await screenshot(page, { path: shotPath('contracts-home-todo'), animations: 'disabled' });
  await sms.click();
  await expect(toast(page, 'Reminder(s) have been sent!')).toBeVisible();
  // The outbox's job sends it just after the request answers.
  const textTo = async (to: string) => {
    const texts = (await (await request.get('/dev/sms', { headers: { accept: 'application/json' } })).json()) as Text[];
    return texts.find((item) => item.to === to);
  };
  await expect.poll(async () => (await textTo('+14155550177'))?.status, { timeout: 30_000 }).toBe('sent');
  const text = await textTo('+14155550177');
  expect(text!.body).toMatch(/^Harbor Media: please review and sign "Summer series agreement" by 2099-12-31\. Sign: \S+\/sign\/\S+$/);

  await todos.getByRole('button', { name: 'Send reminder', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Email' }).click();
  // The SMS reminder's toast may still be showing above it.
  await expect(toast(page, 'Reminder(s) have been sent!').last()).toBeVisible();
  await expect.poll(async () => (await signingLinks(request, email)).length).toBe(2);

  await title.click();
  await expect(page).toHaveURL(new RegExp(`/contracts/${contractId}$`));
  await expect(page.getByText('Summer series agreement').first()).toBeVisible();
});
