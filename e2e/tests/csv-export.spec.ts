import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';

test('[tables] the toolbar’s Download as CSV neutralises full-width formula signs and formulas after a separator', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'csvexport', 'Quill Talent');
  for (const name of ['＝HYPERLINK("http://evil.example")', 'Brand;=1+1', 'Plain Brand']) {
    const response = await request.post('/v1/customers', {
      headers: { 'auth-token': owner.token },
      data: { name, email: uniqueEmail('brand') },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  await openSignedIn(page, owner.token, '/customers');
  const table = page.getByRole('grid', { name: 'Customers' });
  await expect(table.getByRole('row', { name: /Plain Brand/ })).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Download as CSV' })).toBeVisible();
  // For a person to look at; e2e/screenshots/ is not committed.
  await screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', 'csv-export-menu.png') });
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv).toContain(`"'＝HYPERLINK(""http://evil.example"")"`);
  expect(csv).toContain(`"'Brand;=1+1"`);
  expect(csv).toMatch(/(^|,)Plain Brand(,|\r\n|$)/m);
});
