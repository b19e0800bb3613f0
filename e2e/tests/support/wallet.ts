import { expect, type APIRequestContext } from '@playwright/test';
import { business, representative } from './activation-details.ts';

/** Both activation steps through the API. */
export async function activateViaApi(request: APIRequestContext, token: string): Promise<void> {
  const headers = { 'auth-token': token };
  for (const [url, data] of [
    ['/v1/org/owner', representative],
    ['/v1/org/business', business],
  ] as const) {
    const response = await request.post(url, { data, headers });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** The SM descriptor code of the newest verification email to `email`, and its verification link. */
export async function readVerification(request: APIRequestContext, email: string): Promise<{ code: string; url: string }> {
  let found: { code: string; url: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/outbox', { headers: { Accept: 'application/json' } });
        const emails = (await response.json()) as { to: string; subject: string; text: string; links: string[] }[];
        const message = emails.filter((item) => item.to === email && item.subject === 'Verify your bank account').at(-1);
        const code = /\b(SM[A-Z0-9]{4})\b/.exec(message?.text ?? '')?.[1];
        const url = message?.links.find((link) => link.includes('/sandbox/verify/'));
        found = code && url ? { code, url } : undefined;
        return found;
      },
      { message: `a verification email to ${email}` },
    )
    .toBeTruthy();
  return found!;
}

export async function advanceClock(request: APIRequestContext, seconds: number): Promise<void> {
  const response = await request.post('/dev/clock/advance', { data: { seconds } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The year by the sandbox clock, which dates payments: the suite's clock moves on by weeks, so
 * near the year's end a payment posts in next year while the browser's calendar is still in this one.
 */
export async function sandboxYear(request: APIRequestContext): Promise<number> {
  const response = await request.get('/dev/clock');
  expect(response.status(), await response.text()).toBe(200);
  return new Date(((await response.json()) as { now: string }).now).getUTCFullYear();
}
