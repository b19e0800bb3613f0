import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, PASSWORD, readResetLink, uniqueEmail } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar, toast } from './support/ui.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `people-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

async function upgrade(request: APIRequestContext, token: string) {
  const response = await request.put('/v1/org/plan', { data: { plan: 'standard' }, headers: { 'auth-token': token } });
  expect(response.status(), await response.text()).toBe(200);
}

test('[creators] adds a creator, bulk adds a CSV, sets a payout method, tags and disables the creator', async ({ page, request }) => {
  test.slow();
  const owner = await createOwner(request, 'people', 'Lumen Talent');
  await upgrade(request, owner.token);
  await openSignedIn(page, owner.token, '/creators');
  await expect(page.getByText("You don't have any creators yet")).toBeVisible();

  // New Creator: the button waits for a valid form.
  const email = uniqueEmail('ava');
  await page.getByRole('button', { name: 'New Creator' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Creator' });
  await dialog.getByLabel('Email address').fill('ava@');
  await dialog.getByLabel('First name').click();
  await expect(dialog.getByText('This field is required and must be an email')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add creator' })).toBeDisabled();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('First name').fill('Ava');
  await dialog.getByLabel('Last name').fill('Stone');
  await dialog.getByLabel('Phone (optional)').fill('(415) 555-0134');
  await shot(page, '01-new-creator-dialog');
  await dialog.getByRole('button', { name: 'Add creator' }).click();
  await expect(toast(page, 'Creator added and invited!')).toBeVisible();
  await expect(page.getByRole('link', { name: email })).toBeVisible();

  // Bulk add: a wrong file type is refused, then a CSV with a good, a bad and a duplicate row.
  await page.getByRole('button', { name: 'Bulk add Creators' }).click();
  const bulk = page.getByRole('dialog', { name: 'Bulk add Creators' });
  await bulk.getByLabel('CSV file').setInputFiles({ name: 'creators.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
  await expect(bulk.getByText('Invalid file type application/pdf')).toBeVisible();
  const good = uniqueEmail('bulk');
  const csv = [
    'email,first_name,last_name,business_name,entity_type,phone_number,account_number,routing_number',
    `${good},Ben,Bulk,,individual,,,`,
    ',No,Email,,,,,',
    `${email},Ava,Again,,,,,`,
  ].join('\n');
  await bulk.getByLabel('CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(bulk.getByRole('table', { name: 'Import preview' })).toContainText('Email: Missing email');
  await bulk.getByRole('button', { name: 'Add 1 creator' }).click();
  await expect(toast(page, 'Creators have been added!')).toBeVisible();
  await expect(bulk.getByText('1 creator added.')).toBeVisible();
  await expect(bulk.getByText('Missing email')).toBeVisible();
  await expect(bulk.getByText('A creator with this email already exists')).toBeVisible();
  await shot(page, '02-bulk-add-issues');
  await bulk.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('link', { name: good })).toBeVisible();
  await page.getByLabel('Search creators').fill('ava');
  await expect(page.getByRole('link', { name: good })).toBeHidden();
  await expect(page.getByRole('link', { name: email })).toBeVisible();
  await shot(page, '03-creators-list');

  // The profile.
  await page.getByRole('link', { name: email }).click();
  await expect(page.getByRole('heading', { name: 'Ava Stone' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText('(415) 555-0134');

  // Payout method: a bank account, shown masked, and selected.
  const payout = page.getByRole('region', { name: 'Payout methods' });
  await payout.getByRole('listitem').filter({ hasText: 'Bank account' }).getByRole('button', { name: 'Add' }).click();
  const bank = page.getByRole('dialog', { name: 'Bank account' });
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByLabel('Routing number').fill('11000000');
  await bank.getByLabel('Account number').click();
  await expect(bank.getByText('This field is required and must be 9 digits')).toBeVisible();
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByRole('button', { name: 'Add' }).click();
  await expect(payout).toContainText('••••••6789');
  await expect(payout.getByRole('radio', { name: 'Pay with Bank account' })).toBeChecked();
  await expect(page.getByRole('main')).not.toContainText('000123456789');

  // PayPal then switch to it.
  await payout.getByRole('listitem').filter({ hasText: 'PayPal' }).getByRole('button', { name: 'Add' }).click();
  const paypal = page.getByRole('dialog', { name: 'PayPal' });
  await paypal.getByLabel('PayPal email').fill('nope');
  await paypal.getByLabel('PayPal email').blur();
  await expect(paypal.getByText('This field is required and must be an email address')).toBeVisible();
  await paypal.getByLabel('PayPal email').fill('ava.pay@example.com');
  await paypal.getByRole('button', { name: 'Add' }).click();
  await payout.getByRole('radio', { name: 'Pay with PayPal' }).click();
  await expect(payout.getByRole('radio', { name: 'Pay with PayPal' })).toBeChecked();

  // A tag, and notes rendered as markdown without raw HTML.
  const tags = page.getByRole('region', { name: 'Tags' });
  await tags.getByLabel('Add a tag').fill('Gaming');
  await tags.getByRole('button', { name: 'Add' }).click();
  await expect(tags.getByRole('button', { name: 'Gaming' })).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('button', { name: 'Edit' }).click();
  await notes.getByLabel('Notes (markdown)').fill('**Top** creator <img src=x onerror=alert(1)>');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(notes.locator('strong')).toHaveText('Top');
  await expect(notes.locator('img')).toHaveCount(0);

  // Disable the creator.
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('switch').click();
  await expect(status.getByText('Disabled', { exact: true })).toBeVisible();
  await shot(page, '04-creator-profile');

  for (const tab of ['Payments', 'Contracts', 'Splits']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page).toHaveURL(new RegExp(`tab=${tab.toLowerCase()}`));
  }
  await expect(page.getByLabel('Manager split %')).toHaveValue('10');
  await expect(page.getByLabel('Creator split %').last()).toHaveValue('90');
  await shot(page, '05-creator-splits');
  await page.goto(`${new URL(page.url()).pathname}?tab=unknown`);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

  // The list shows the tag and no checkbox for the disabled creator.
  await page.goto('/creators');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Gaming');
  await expect(row).toContainText('PayPal');
  await expect(row.getByRole('checkbox')).toBeDisabled();
});

test('[creators] pages a long list by cursor: Next and Back show each creator once', async ({ page, request }) => {
  const owner = await createOwner(request, 'paging', 'Long List Talent');
  await upgrade(request, owner.token);
  const rows = Array.from({ length: 55 }, (_, index) => `${uniqueEmail(`page${index}`)},Page,Person${String(index).padStart(2, '0')}`);
  const imported = await request.post('/v1/creators/bulk', {
    headers: { 'auth-token': owner.token },
    multipart: {
      file: { name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,first_name,last_name', ...rows].join('\n')) },
    },
  });
  expect((await imported.json()).added).toBe(55);
  await openSignedIn(page, owner.token, '/creators');
  const grid = page.getByRole('grid', { name: 'Creators' });
  await expect(page.getByText('1–50 of 55')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(51);
  const cursorCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/v1/creators?')) cursorCalls.push(new URL(sent.url()).searchParams.get('starting_after') ?? '');
  });
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText('51–55 of 55')).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(6);
  // The first five imported are the oldest: they close the list.
  for (const index of ['00', '01', '02', '03', '04']) await expect(grid.getByText(`Person${index}`)).toBeVisible();
  expect(cursorCalls.filter(Boolean)).toHaveLength(1);
  await page.getByRole('button', { name: 'Go to previous page' }).click();
  await expect(page.getByText('1–50 of 55')).toBeVisible();
  await expect(grid.getByText('Person54')).toBeVisible();
});

test('[creators] the free plan shows a Notice with Upgrade now instead of an invitation', async ({ page, request }) => {
  const owner = await createOwner(request, 'freeplan');
  // Bulk add opens the import on the free plan: the upgrade is offered over its preview (creators-import.spec.ts).
  await openSignedIn(page, owner.token, '/settings?tab=organization');
  await page.getByRole('tab', { name: 'Organization' }).click();
  await page.getByRole('region', { name: 'Organization members' }).getByRole('button', { name: 'Invite others' }).click();
  const invite = page.getByRole('dialog', { name: 'Notice' });
  await expect(invite).toContainText('Upgrade now to invite others');
  await expect(page.getByRole('dialog', { name: 'Invite a member' })).toHaveCount(0);
  await invite.getByRole('button', { name: 'Upgrade now' }).click();
  await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
});

test('[agents] adds an agent and a manager and opens a profile', async ({ page, request }) => {
  const owner = await createOwner(request, 'agents');
  await openSignedIn(page, owner.token, '/agentsManagers');
  await page.getByRole('button', { name: 'New Agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Agent' });
  await dialog.getByLabel('Email address').fill(uniqueEmail('agent'));
  await dialog.getByLabel('First name').fill('Ada');
  await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
  await dialog.getByLabel('Last name').fill('Agent');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('link', { name: 'Ada Agent' })).toBeVisible();
  await page.getByRole('tab', { name: 'Managers' }).click();
  await expect(page).toHaveURL(/tab=managers/);
  await page.getByRole('button', { name: 'New Manager' }).click();
  const manager = page.getByRole('dialog', { name: 'New Manager' });
  await manager.getByLabel('Email address').fill(uniqueEmail('manager'));
  await manager.getByLabel('First name').fill('Max');
  await manager.getByLabel('Last name').fill('Manager');
  await manager.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('link', { name: 'Max Manager' })).toBeVisible();
  await shot(page, '07-agents-managers');
  await page.getByRole('link', { name: 'Max Manager' }).click();
  await expect(page.getByRole('heading', { name: 'Max Manager' })).toBeVisible();
  for (const tab of ['Campaigns', 'Payments']) await page.getByRole('tab', { name: tab }).click();
  await expect(page).toHaveURL(/tab=payments/);
  await shot(page, '08-agent-manager-profile');
});

test('[members] invites a member who sets a password from the emailed link and signs in', async ({ page, request }) => {
  const owner = await createOwner(request, 'members', 'Orbit Media');
  await upgrade(request, owner.token);
  await openSignedIn(page, owner.token, '/settings?tab=organization');
  const members = page.getByRole('region', { name: 'Organization members' });
  await expect(members).toContainText('Owner');
  await members.getByRole('button', { name: 'Invite others' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  const email = uniqueEmail('teammate');
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, 'Invitation sent!')).toBeVisible();
  await expect(members).toContainText(email);
  await expect(members.getByRole('row').filter({ hasText: email })).toContainText('Team member');

  // Inline edit: cancel closes, confirm saves.
  await members.getByRole('button', { name: `Edit ${email}` }).click();
  await members.getByRole('button', { name: 'Cancel' }).click();
  await members.getByRole('button', { name: `Edit ${email}` }).click();
  await members.getByLabel(`Manager ${email}`).check();
  await members.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Member updated!')).toBeVisible();
  await expect(members.getByLabel(`Manager ${email}`)).toBeChecked();
  await expect(members.getByRole('button', { name: `Delete ${owner.email}` })).toBeDisabled();
  await shot(page, '09-settings-members');

  await signOutThroughSidebar(page);
  const linkPath = await readResetLink(request, email);
  await page.goto(linkPath);
  // An invited member is greeted, not asked to reset a password they never had.
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('org-label')).toHaveText('Orbit Media');
  await signOutThroughSidebar(page);
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('org-label')).toHaveText('Orbit Media');
  // A team member cannot invite.
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Invite others' })).toBeDisabled();
});
