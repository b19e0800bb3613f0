import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, readResetLink } from './api.ts';

/** The invited person chooses a password from the emailed invitation (the set-new-password link). */
export async function choosePasswordFromInvitation(request: APIRequestContext, email: string): Promise<void> {
  const linkId = (await readResetLink(request, email)).split('/resetPassword/')[1]!;
  const response = await request.post(`/v1/expiring_link?id=${linkId}`, { data: { password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in through the form on the Creator side of the toggle. */
export async function signInOnPortalSide(page: Page, email: string): Promise<void> {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Creator', exact: true }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
