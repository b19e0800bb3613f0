import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Passes the spec's password rule. */
export const PASSWORD = 'Crewpay-2024!';

/** The localStorage key the web app keeps its session token under. */
const TOKEN_KEY = 'crewpay.auth_token';

let counter = 0;

/** A fresh address per call, so tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

type Session = { auth_token: string; user: { id: string; email: string; org_id: string } };

/** Signs up as a person does: the form's call, then the link emailed to the address, which signs in. */
export async function signUpViaApi(request: APIRequestContext, email: string, password = PASSWORD): Promise<Session> {
  const response = await request.post('/v1/users/signup', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const id = (await readEmailedLink(request, email.toLowerCase(), '/confirmSignup/')).split('/confirmSignup/')[1];
  const confirmed = await request.post('/v1/users/signup/confirm', { data: { id } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return (await confirmed.json()) as Session;
}

async function createOrgViaApi(request: APIRequestContext, token: string, name: string): Promise<void> {
  const response = await request.post('/v1/org', { data: { name, website: 'https://example.com' }, headers: { 'auth-token': token } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A signed-up owner with an organisation. */
export async function createOwner(request: APIRequestContext, label: string, orgName = 'Northwind Studios') {
  const email = uniqueEmail(label);
  const session = await signUpViaApi(request, email);
  await createOrgViaApi(request, session.auth_token, orgName);
  return { email, token: session.auth_token, orgName };
}

/** Puts a session token in the browser, as signing in would, then opens `path`. */
export async function openSignedIn(page: Page, token: string, path = '/', origin = ''): Promise<void> {
  await page.goto(`${origin}/signin`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto(`${origin}${path}`);
}

type OutboxEmail = { to: string; subject: string; links: string[]; created_at: string };

/** The newest link emailed to `email` whose address contains `pathPart`, read from the sandbox outbox (path and query). */
export async function readEmailedLink(request: APIRequestContext, email: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // The worker's server is shared by many specs: read far enough back to reach this person's mail.
        const response = await request.get(`/dev/outbox?limit=1000&to=${encodeURIComponent(email)}`, {
          headers: { Accept: 'application/json' },
        });
        const emails = (await response.json()) as OutboxEmail[];
        link = emails
          .filter((message) => message.to === email)
          .flatMap((message) => message.links)
          .filter((url) => url.includes(pathPart))
          .at(-1);
        return link;
      },
      { message: `a link to ${pathPart} emailed to ${email}` },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return url.pathname + url.search;
}

/** The newest set-new-password link emailed to `email`, read from the sandbox outbox. */
export async function readResetLink(request: APIRequestContext, email: string): Promise<string> {
  return new URL(await readEmailedLink(request, email, '/resetPassword/'), 'http://x').pathname;
}

type Member = { email: string; token: string; user: Session['user'] };

/**
 * A member of the owner's organisation, as a person becomes one: the owner invites them with a
 * role (Team member or Admin; a free organisation may not invite, so the owner moves it to the
 * standard plan first, as the invite dialog asks), and they choose a password from the emailed
 * invitation, which signs them in.
 */
export async function inviteMember(
  request: APIRequestContext,
  ownerToken: string,
  label: string,
  role: 'collaborator' | 'admin' = 'collaborator',
): Promise<Member> {
  const headers = { 'auth-token': ownerToken };
  const upgraded = await request.put('/v1/org/plan', { data: { plan: 'standard' }, headers });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  const email = uniqueEmail(label);
  const invited = await request.post('/v1/users', { data: { email, role }, headers });
  expect(invited.status(), await invited.text()).toBe(200);
  const linkId = (await readResetLink(request, email)).split('/resetPassword/')[1];
  const joined = await request.post(`/v1/expiring_link?id=${linkId}`, { data: { password: PASSWORD } });
  expect(joined.status(), await joined.text()).toBe(200);
  const session = (await joined.json()) as Session;
  return { email, token: session.auth_token, user: session.user };
}
