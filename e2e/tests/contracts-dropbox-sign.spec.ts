import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startDropboxSignFake } from '../../apps/api/fakes/dropbox-sign-fake.ts';
import { createOwner, openSignedIn } from './support/api.ts';
import { twoPagePdf } from './support/contracts.ts';
import { toast } from './support/ui.ts';
import { activateViaApi } from './support/wallet.ts';
import { startServerBeside, workerServer, type ServerBeside } from './support/server.ts';
import { screenshot } from './support/screenshots.ts';

/**
 * Templates made in Dropbox Sign's embedded editor: a second sandbox Crewpay on the same database,
 * ESIGN_PROVIDER=dropbox_sign against the Dropbox Sign fake, whose edit_url serves a stand-in
 * editor speaking hellosign-embedded's window messages, and which posts its callbacks to this
 * server. Its workers stay off: the e2e server runs the jobs (the callback's event among them).
 */
/** Beside this worker's e2e server (support/server.ts). */
const e2eServer = workerServer();
const DS_OFFSET = 1035;
const DS_PORT = e2eServer.port + DS_OFFSET;
const DS_URL = `http://127.0.0.1:${DS_PORT}`;

let dropboxSign: Awaited<ReturnType<typeof startDropboxSignFake>>;
let server: ServerBeside | undefined;
// The pages and the owner's calls go to the Dropbox Sign server (same database: the owner is the same).
test.use({ baseURL: DS_URL });
const shotPath = (name: string) => path.resolve(test.info().project.testDir, '../screenshots', `${name}.png`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dropboxSign = await startDropboxSignFake({ callbackUrl: `${DS_URL}/v1/webhooks/dropbox-sign` });
  dropboxSign.delivery.overHttp = true;
  // The same settings as the worker's server (its test rate limits among them: the sign-up count
  // per address lives in the shared database, so this server's own limit must not be the product's 20).
  server = await startServerBeside(DS_OFFSET, { ...dropboxSign.settings, DROPBOX_SIGN_TEST_MODE: 'true' });
});

test.afterAll(() => {
  server?.stop();
  // Not awaited: the browser may keep a connection to the fake open; the worker's end closes it.
  void dropboxSign?.close();
});

for (const viewport of [
  { width: 1440, height: 900, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test(`[contracts] with Dropbox Sign, New Contract Template opens its embedded editor; the saved template is pending, then listed (${viewport.name})`, async ({
    page,
    request,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const owner = await createOwner(request, `dropbox-template-${viewport.name}`, 'Harbor Media');
    await activateViaApi(request, owner.token);
    await openSignedIn(page, owner.token, '/contracts/newContractTemplate');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Standard creator agreement');
    await page.getByLabel('PDF file').setInputFiles(await twoPagePdf('Standard agreement.pdf'));
    await page.getByRole('button', { name: 'Create Contract Template' }).click();

    // hellosign-embedded frames the edit_url in this page; the editor is Dropbox Sign's, not our block editor.
    const editor = page.frameLocator('iframe[name="x-hellosign-embedded"]');
    await expect(editor.getByRole('heading', { name: 'Dropbox Sign template editor' })).toBeVisible();
    await expect(page).toHaveURL(/\/contracts\/newContractTemplate$/);
    await screenshot(page, { path: shotPath(`contracts-dropbox-sign-editor-${viewport.name}`) });
    // Dropbox Sign's callback is held back: the page shows the saved template as pending until it comes.
    dropboxSign.delivery.overHttp = false;
    await editor.getByRole('button', { name: 'Save template' }).click();
    await expect(page.getByText('Dropbox Sign is saving your template')).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await screenshot(page, { path: shotPath(`contracts-dropbox-sign-pending-${viewport.name}`) });
    await page.waitForTimeout(3_000);
    await expect(toast(page, 'Template has been created!')).toHaveCount(0);
    // The callback now reaches the server (a save again delivers the queued template_created with it).
    const saved = dropboxSign.state().templates.at(-1)!;
    expect(saved).toMatchObject({ title: 'Standard creator agreement', saved: true });
    dropboxSign.delivery.overHttp = true;
    expect((await fetch(`${dropboxSign.url}/_fake/templates/${saved.id}`, { method: 'POST' })).status).toBe(200);
    await expect(toast(page, 'Template has been created!')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/contracts\?tab=templates$/);
    // Its blocks live in Dropbox Sign: the list says so rather than "0".
    await expect(page.getByRole('row', { name: /Standard creator agreement/ })).toContainText('In Dropbox Sign');
    await screenshot(page, { path: shotPath(`contracts-dropbox-sign-saved-${viewport.name}`) });
    expect(dropboxSign.problems).toEqual([]);
  });
}
