import { expect, test } from '@playwright/test';
import { createOwner, PASSWORD, readEmailedLink, signUpViaApi, uniqueEmail } from './support/api.ts';
import { signInThroughForm, signOutThroughSidebar, toast } from './support/ui.ts';

test.describe('sign up, sign in and sign out', () => {
  test('[auth] signs up, opens the emailed link, creates an organisation and lands home', async ({ page, request }) => {
    const email = uniqueEmail('Signup');
    await page.goto('/signup/join');

    // Typed with capitals: the email is lower-cased before it is sent.
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('I agree to the Crewpay Terms of Service').check();
    await page.getByRole('button', { name: 'Sign up' }).click();

    // The account is made by the link emailed to the address (the same screen if it already had one).
    await expect(page.getByRole('status')).toHaveText('Check your email: we sent you a link to finish signing up.');
    await expect(page.getByText(email.toLowerCase())).toBeVisible();
    await page.goto(await readEmailedLink(request, email.toLowerCase(), '/confirmSignup/'));
    await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
    await page.getByRole('button', { name: 'Finish signing up' }).click();

    await expect(page).toHaveURL(/\/createOrg$/);
    await expect(page.getByRole('heading', { name: 'Create your organization' })).toBeVisible();
    await page.getByLabel('Name').fill('Lumen Collective');
    await page.getByLabel('Website').fill('https://lumen.example');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Activate your account' })).toBeVisible();
    await expect(page.getByTestId('user-display-name')).toHaveText(email.toLowerCase());
    await expect(page.getByTestId('org-label')).toHaveText('Lumen Collective');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('[auth] keeps Sign up disabled until the form is valid', async ({ page }) => {
    await page.goto('/signup/join');
    const signUp = page.getByRole('button', { name: 'Sign up' });
    await expect(signUp).toBeDisabled();
    await expect(page.getByText('Must be at least 8 characters long with a letter, digit, and a special character')).toBeVisible();

    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).click();
    await expect(page.getByText('This field is required and must be an email')).toBeVisible();
    await page.getByLabel('Email address').fill(uniqueEmail('valid'));

    await page.getByLabel('Password', { exact: true }).fill('password'); // no digit, no special character
    await page.getByLabel('Confirm password').fill('password');
    await page.getByLabel('I agree to the Crewpay Terms of Service').check();
    await expect(signUp).toBeDisabled();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await page.getByLabel('Confirm password').blur();
    await expect(page.getByText('Passwords must match')).toBeVisible();
    await expect(signUp).toBeDisabled();

    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByLabel('I agree to the Crewpay Terms of Service').uncheck();
    await expect(signUp).toBeDisabled();

    await page.getByLabel('I agree to the Crewpay Terms of Service').check();
    await expect(signUp).toBeEnabled();
  });

  test('[auth] signs out and signs back in', async ({ page, request }) => {
    const owner = await createOwner(request, 'returning', 'Harbor Media');
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Team member' })).toHaveAttribute('aria-pressed', 'true');
    await signInThroughForm(page, owner.email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('org-label')).toHaveText('Harbor Media');

    await signOutThroughSidebar(page);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    // The session is gone: home now asks to sign in.
    await page.goto('/');
    await expect(page).toHaveURL(/\/signin$/);

    await signInThroughForm(page, owner.email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('org-label')).toHaveText('Harbor Media');
  });

  test('[auth] shows an error toast when the password is wrong', async ({ page, request }) => {
    const owner = await createOwner(request, 'wrongpw');
    await signInThroughForm(page, owner.email, 'Wrong-password-1');
    await expect(toast(page, 'Incorrect email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('[auth] a team member signing in on the Creator side is told to use the Team member side', async ({ page, request }) => {
    const owner = await createOwner(request, 'side');
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Creator', exact: true }).click();
    await page.getByLabel('Email address').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(toast(page, 'This is a team member account: choose Team member above and sign in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByRole('button', { name: 'Team member' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('[auth] flags an invalid email on sign in without calling the server', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email address').fill('nobody');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('This field is required and must be an email')).toBeVisible();
    await expect(page.getByText('This field is required', { exact: true })).toBeVisible(); // the empty password
  });

  test('[auth] Cancel on create organisation signs out and returns to sign up', async ({ page, request }) => {
    const session = await signUpViaApi(request, uniqueEmail('cancel'));
    await page.goto('/signin');
    await page.evaluate((token) => window.localStorage.setItem('crewpay.auth_token', token), session.auth_token);
    await page.goto('/createOrg');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/signup\/join$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('crewpay.auth_token'))).toBeNull();
  });
});
