import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createOwner, openSignedIn, PASSWORD, readEmailedLink, uniqueEmail } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar, toast } from './support/ui.ts';
import { screenshotWhenQuiet } from './support/screenshots.ts';

// PNGs for a person to look at; e2e/screenshots/ is not committed.
const shot = async (page: Page, name: string) => {
  await screenshotWhenQuiet(page, {
    path: path.resolve(test.info().project.testDir, '../screenshots', `account-${name}.png`),
    animations: 'disabled',
    fullPage: true,
  });
};

type OutboxEmail = { to: string; subject: string };

/** Subjects of the emails sent to `email`, oldest first, once one with `subject` is among them. */
async function subjectsTo(request: APIRequestContext, email: string, subject: string): Promise<string[]> {
  let subjects: string[] = [];
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/dev/outbox', { headers: { Accept: 'application/json' } })).json()) as OutboxEmail[];
      subjects = outbox.filter((message) => message.to === email).map((message) => message.subject);
      return subjects;
    })
    .toContain(subject);
  return subjects;
}

test('[settings] changes the email: password first, then the link sent to the new address; the old one is told', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'moving');
  const newEmail = uniqueEmail('moved');
  await openSignedIn(page, owner.token, '/settings?tab=profile');
  const account = page.getByRole('region', { name: 'My account' });
  await account.getByRole('button', { name: 'Change email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change email address' });
  await dialog.getByLabel('New email address').fill(newEmail);
  await expect(dialog.getByRole('button', { name: 'Send link' })).toBeDisabled();
  await dialog.getByLabel('Current password').fill('Not-my-pass-1!');
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(toast(page, 'Your current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Send link' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Check your new address: we sent it a link to confirm the change.');
  await shot(page, '01-change-email-sent');
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Nothing changes until the new address confirms.
  await expect(account).toContainText(`Email address: ${owner.email}`);
  await subjectsTo(request, owner.email, 'A change of your Crewpay email address was requested');

  await page.goto(await readEmailedLink(request, newEmail, '/confirmEmail/'));
  await expect(page.getByRole('main').getByRole('heading', { name: 'Confirm your new email address' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address has been changed.');
  await shot(page, '02-email-confirmed');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-display-name')).toHaveText(newEmail);
  await subjectsTo(request, owner.email, 'Your Crewpay email address was changed');

  await signOutThroughSidebar(page);
  await signInThroughForm(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test('[settings] a confirmation link works once', async ({ page, request }) => {
  const owner = await createOwner(request, 'once');
  const newEmail = uniqueEmail('once-new');
  const asked = await request.put('/v1/users/email', {
    headers: { 'auth-token': owner.token },
    data: { email: newEmail, current_password: PASSWORD },
  });
  expect(asked.status()).toBe(200);
  const link = await readEmailedLink(request, newEmail, '/confirmEmail/');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email address has been changed.');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('heading', { name: 'Sorry! This link is no longer valid.' })).toBeVisible();
});

test('[auth] signing up with an address that has an account shows the same screen, and that address is told by email', async ({
  page,
  request,
}) => {
  const owner = await createOwner(request, 'existing');
  await page.goto('/signup/join');
  await page.getByLabel('Email address').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill('Other-pass-1!');
  await page.getByLabel('Confirm password').fill('Other-pass-1!');
  await page.getByLabel('I agree to the Crewpay Terms of Service').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status')).toHaveText('Check your email: we sent you a link to finish signing up.');
  await shot(page, '03-sign-up-sent');
  await subjectsTo(request, owner.email, 'Someone tried to sign up with your email');
});

test('[auth] a browser that signed in before still signs in after 10 wrong passwords from the same address', async ({ page, request }) => {
  const owner = await createOwner(request, 'known-browser');
  await signInThroughForm(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await signOutThroughSidebar(page);

  // Someone else, from the same address (no device cookie): past the free attempts they must wait.
  const answers: number[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    answers.push((await request.post('/v1/users/signin', { data: { email: owner.email, password: 'Guess-1234!' } })).status());
  }
  expect(answers.at(-1)).toBe(429);

  await signInThroughForm(page, owner.email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});
