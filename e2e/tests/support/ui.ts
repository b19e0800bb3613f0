import { expect, type Page } from '@playwright/test';

/** A toast (notistack) with this text. */
export function toast(page: Page, text: string) {
  return page.locator('#notistack-snackbar').filter({ hasText: text });
}

export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signOutThroughSidebar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
}
