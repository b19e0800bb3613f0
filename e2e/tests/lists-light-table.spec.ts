import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createOwner, openSignedIn, uniqueEmail } from './support/api.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (page: Page, name: string) =>
  screenshot(page, { path: path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`), animations: 'disabled' });

/** The MUI X data grid's own code (components/data-grid-table.tsx and the DataGrid chunk). */
const gridCode = /\/assets\/(DataGrid|data-grid-table)-[\w-]+\.js$/;

test("[lists] a list shows its rows, ticks and pages without the data grid's code; Columns hands it to the grid as it was", async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'lists', 'Lightweight Studios');
  for (const name of ['Ada', 'Grace', 'Linus']) {
    const created = await request.post('/v1/creators', {
      headers: { 'auth-token': owner.token },
      data: { email: uniqueEmail(name.toLowerCase()), first_name: name, last_name: 'Light' },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  const gridRequests: string[] = [];
  page.on('request', (sent) => {
    if (gridCode.test(new URL(sent.url()).pathname)) gridRequests.push(sent.url());
  });

  await openSignedIn(page, owner.token, '/creators');
  const table = page.getByRole('grid', { name: 'Creators' });
  const grace = table.getByRole('row', { name: /Grace Light/ });
  await expect(grace).toBeVisible();
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  await grace.getByRole('checkbox', { name: 'Select row' }).check();
  await expect(page.getByText('1 row selected')).toBeVisible();
  await expect(table.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
  expect(gridRequests).toEqual([]);
  await shot(page, 'lists-01-light-table');

  // The grid's own panel opens on the grid, which shows the same rows with the same tick.
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Tags' })).toBeVisible();
  expect(gridRequests.length).toBeGreaterThan(0);
  await shot(page, 'lists-02-grid-columns-panel');
  await page.getByRole('checkbox', { name: 'Tags' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(grace.getByRole('checkbox', { name: 'Unselect row' })).toBeChecked();
  await expect(page.getByText('1 row selected')).toBeVisible();
  await expect(page.getByText('1–3 of 3')).toBeVisible();
});
