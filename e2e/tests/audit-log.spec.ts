import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createOwner, PASSWORD } from './support/api.ts';
import { signInThroughForm } from './support/ui.ts';
import { screenshot } from './support/screenshots.ts';

const shot = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', name);

test('an owner reads who did what in Settings > Audit log, filters it by action and exports it', async ({ page, request }) => {
  const owner = await createOwner(request, 'audit', 'Ledger Lane');
  for (let i = 0; i < 2; i += 1) {
    const key = await request.post('/v1/org_api_token', { headers: { 'auth-token': owner.token } });
    expect(key.status(), await key.text()).toBe(200);
  }
  await signInThroughForm(page, owner.email, PASSWORD);
  // Signed in once the form has sent the browser on (the session is stored by then).
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto('/settings?tab=audit');

  const log = page.getByRole('grid', { name: 'Audit log' });
  await expect(log.getByRole('row', { name: /Signed in/ })).toHaveCount(1);
  await expect(log.getByRole('row', { name: /API key created/ })).toHaveCount(2);
  await expect(log.getByRole('row', { name: /API key created/ }).first()).toContainText(owner.email);
  await screenshot(page, { path: shot('audit-log.png'), fullPage: true });

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'API key created' }).click();
  await expect(log.getByRole('row', { name: /Signed in/ })).toHaveCount(0);
  await expect(log.getByRole('row', { name: /API key created/ })).toHaveCount(2);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('audit_log.csv');
  const lines = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('time,action,description,by,as,target_type,target_id,amount,status,details');
  expect(lines.slice(1)).toHaveLength(2);
  expect(lines.slice(1).every((line) => line.includes(`,api_key.create,API key created,${owner.email},`))).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(log.getByRole('row', { name: /API key created/ }).first()).toBeVisible();
  // Measured once the layout has settled at the new width (the tabs re-measure their scroller).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, { path: shot('audit-log-390.png'), fullPage: true });
});
