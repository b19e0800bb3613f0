import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, readResetLink, uniqueEmail } from './support/api.ts';
import { toast } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const HEADER = 'email,first_name,last_name,business_name,entity_type,phone_number,account_number,routing_number';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshot(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `creators-import-${name}.png`),
    animations: 'disabled',
  });
};

async function upgrade(request: APIRequestContext, token: string) {
  const response = await request.put('/v1/org/plan', { data: { plan: 'standard' }, headers: { 'auth-token': token } });
  expect(response.status(), await response.text()).toBe(200);
}

const csvFile = (rows: string[]) => ({ name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) });

async function outboxTo(request: APIRequestContext, emails: string[]): Promise<number> {
  const response = await request.get('/dev/outbox', { headers: { Accept: 'application/json' } });
  return ((await response.json()) as { to: string }[]).filter((mail) => emails.includes(mail.to)).length;
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`[creators] ${viewport.name}: an import with errors is previewed, fixed, added with Invite later, then invited`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const owner = await createOwner(request, `import-${viewport.name}`);
    await upgrade(request, owner.token);
    await openSignedIn(page, owner.token, '/creators');
    await page.getByRole('button', { name: 'Bulk add Creators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk add Creators' });
    const emails = [uniqueEmail('import-a'), uniqueEmail('import-b')];

    // The first file: one row lacks its last name. The preview names it with the form's words; nothing is added yet.
    await dialog.getByLabel('CSV file').setInputFiles(csvFile([`${emails[0]},Ann,Able,,individual,,,`, `${emails[1]},Bo,,,individual,,,`]));
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect(dialog.getByText('2 rows: 1 creator will be added, 1 row has errors')).toBeVisible();
    await expect(preview).toContainText('Last name: This field is required');
    await expect(preview).not.toContainText(emails[0]!);
    await dialog.getByLabel('Only rows with errors').uncheck();
    await expect(preview).toContainText(emails[0]!);
    await expect(preview).toContainText('Ready to add');
    await shot(page, `${viewport.name}-1-preview-errors`);

    // The fixed file: every row is ready; invitations are left for later.
    await dialog
      .getByLabel('CSV file')
      .setInputFiles(csvFile([`${emails[0]},Ann,Able,,individual,,,`, `${emails[1]},Bo,Bell,,individual,,,`]));
    await expect(dialog.getByText('2 rows: 2 creators will be added')).toBeVisible();
    await dialog.getByRole('radio', { name: /^Invite later/ }).check();
    await shot(page, `${viewport.name}-2-preview-fixed`);
    await dialog.getByRole('button', { name: 'Add 2 creators' }).click();
    await expect(toast(page, 'Creators have been added!')).toBeVisible();
    await expect(dialog.getByText('2 creators added; their invitations wait until you send them from the Creators list.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await outboxTo(request, emails)).toBe(0);

    // The list says who waits; Invite all sends each invitation once.
    const waiting = page.getByText('2 creators have not been sent their invitation yet.');
    await expect(waiting).toBeVisible();
    await shot(page, `${viewport.name}-3-waiting`);
    await page.getByRole('button', { name: 'Invite all' }).click();
    await expect(toast(page, '2 invitations sent')).toBeVisible();
    await expect(waiting).toBeHidden();
    await readResetLink(request, emails[1]!);
    expect(await outboxTo(request, emails)).toBe(2);
  });
}

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`[creators] ${viewport.name}: an import over the free plan's limit offers the upgrade over it, and its rows are still there after`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const owner = await createOwner(request, `import-free-${viewport.name}`);
    await openSignedIn(page, owner.token, '/creators');
    await page.getByRole('button', { name: 'Bulk add Creators' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk add Creators' });
    const rows = Array.from({ length: 6 }, (_, index) => `${uniqueEmail(`free-${index}`)},Fay,Free${index},,individual,,,`);
    await dialog.getByLabel('CSV file').setInputFiles(csvFile(rows));
    await expect(dialog.getByText('6 rows: 6 creators will be added')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Add 6 creators' })).toBeDisabled();

    // Comparing the plans charges nothing; Cancel goes back to the same import.
    await dialog.getByRole('button', { name: 'Compare plans' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Upgrade to Premium' });
    await expect(upgrade.getByRole('table', { name: 'Plan comparison' })).toContainText('$249.00/month');
    await shot(page, `${viewport.name}-4-upgrade-compare`);
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await expect(upgrade).toBeHidden();
    await expect(dialog.getByText('6 rows: 6 creators will be added')).toBeVisible();

    await dialog.getByRole('button', { name: 'Compare plans' }).click();
    await upgrade.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await expect(toast(page, 'Your plan has been upgraded to Premium')).toBeVisible();
    await expect(upgrade).toBeHidden();
    await expect(dialog.getByText('6 rows: 6 creators will be added')).toBeVisible();
    await shot(page, `${viewport.name}-5-back-in-import`);
    await dialog.getByRole('radio', { name: /^Invite later/ }).check();
    await dialog.getByRole('button', { name: 'Add 6 creators' }).click();
    await expect(toast(page, 'Creators have been added!')).toBeVisible();
  });
}
