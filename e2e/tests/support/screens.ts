import fs from 'node:fs';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { PASSWORD, createOwner, readEmailedLink, signUpViaApi, uniqueEmail } from './api.ts';
import { signingLink, twoPagePdf } from './contracts.ts';
import { readPayLink, sendInvoiceViaApi } from './invoices.ts';
import { choosePasswordFromInvitation } from './portal-login.ts';
import { activateViaApi } from './wallet.ts';

/** Who looks at a screen: nobody signed in, the organisation's owner, or a portal user. */
export type Viewer = 'guest' | 'owner' | 'creator' | 'customer' | 'newcomer';

export type Screen = { name: string; path: string; as: Viewer };

type Headers = Record<string, string>;

/** One organisation with one of everything a main screen shows, and the links and sessions to open them. */
export type SeededScreens = { screens: Screen[]; tokens: Record<Exclude<Viewer, 'guest'>, string> };

async function post<T>(request: APIRequestContext, url: string, headers: Headers, data: unknown): Promise<T> {
  const response = await request.post(url, { headers, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function signInAs(request: APIRequestContext, email: string): Promise<string> {
  const session = await post<{ auth_token: string }>(request, '/v1/users/signin', {}, { email, password: PASSWORD, audience: 'creator' });
  return session.auth_token;
}

async function sendContract(request: APIRequestContext, headers: Headers, creatorId: string): Promise<string> {
  const block = (page: number) => ({ x: 100, y: 600, type: 'signature', width: 80, height: 16, required: true, signer: 0, page });
  const response = await request.post('/v1/contracts', {
    headers,
    multipart: {
      title: 'Summer collab agreement',
      type: 'signature_request',
      recipient: creatorId,
      recipient_type: 'creator',
      expiration_date: '2099-01-01',
      formFields: JSON.stringify([block(1), block(2)].map((item, index) => ({ ...item, api_id: `signature_field_${index}` }))),
      file: { name: 'Agreement.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(await twoPagePdf()) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** The organisation's people: a creator without payout details (so a payment waits on the payee page), an agent, a customer. */
async function seedPeople(request: APIRequestContext, headers: Headers) {
  const creatorEmail = uniqueEmail('screens-creator');
  const creator = await post<{ id: string }>(request, '/v1/creators', headers, {
    email: creatorEmail,
    first_name: 'Maya',
    last_name: 'Lopez-Fitzgerald',
  });
  const agent = await post<{ id: string }>(request, '/v1/users', headers, {
    email: uniqueEmail('screens-agent'),
    is_agent: true,
    first_name: 'Alex',
    last_name: 'Agent',
  });
  const customerEmail = uniqueEmail('screens-brand');
  const customer = await post<{ id: string }>(request, '/v1/customers', headers, {
    name: 'Acme Brand International',
    email: customerEmail,
  });
  return { creatorEmail, creator, agent, customerEmail, customer };
}

export async function seedScreens(request: APIRequestContext): Promise<SeededScreens> {
  const owner = await createOwner(request, 'screens', 'Northwind Studios');
  const headers = { 'auth-token': owner.token };
  await activateViaApi(request, owner.token);
  await post(request, '/v1/treasury/load', headers, { amount: 500_000 });
  const { creatorEmail, creator, agent, customerEmail, customer } = await seedPeople(request, headers);
  const campaign = await post<{ id: string }>(request, '/v1/campaigns', headers, { title: 'Spring launch', customer_id: customer.id });
  const invoice = await sendInvoiceViaApi(request, owner.token, {
    customer_id: customer.id,
    title: 'Spring posts',
    amount: 125_000,
    payment_group_id: campaign.id,
  });
  const created = await post<{ data: { id: string }[] }>(request, '/v1/payments', headers, [
    { recipient: creator.id, recipient_role: 'creator', earnings: 25_000, split: 100, memo: 'June reel' },
  ]);
  const paymentId = created.data[0]!.id;
  expect((await request.put('/v1/payments/initiate', { headers, data: { ids: [paymentId] } })).status()).toBe(200);
  const contractId = await sendContract(request, headers, creator.id);

  const payLink = await readPayLink(request, customerEmail);
  const payeeLink = await readEmailedLink(request, creatorEmail, '/bankDetails?id=');
  const signLink = await signingLink(request, creatorEmail);
  await choosePasswordFromInvitation(request, creatorEmail);
  expect((await request.post(`/v1/customers/${customer.id}/portal_invite`, { headers })).status()).toBe(200);
  await choosePasswordFromInvitation(request, customerEmail);
  const newcomer = await signUpViaApi(request, uniqueEmail('screens-newcomer'));

  const tokens = {
    owner: owner.token,
    creator: await signInAs(request, creatorEmail),
    customer: await signInAs(request, customerEmail),
    newcomer: newcomer.auth_token,
  };
  const screens: Screen[] = [
    { name: 'sign-in', path: '/signin', as: 'guest' },
    { name: 'sign-up', path: '/signup/join', as: 'guest' },
    { name: 'reset-link-expired', path: '/resetPassword/expired-link', as: 'guest' },
    { name: 'pay-page', path: payLink, as: 'guest' },
    { name: 'payee-page', path: payeeLink, as: 'guest' },
    { name: 'signing-page', path: signLink, as: 'guest' },
    { name: 'create-org', path: '/createOrg', as: 'newcomer' },
    ...[
      ['home', '/'],
      ['wallets', '/wallets'],
      ['creators', '/creators'],
      ['creator-profile', `/creators/${creator.id}`],
      ['agents-managers', '/agentsManagers'],
      ['agent-manager', `/agentsManagers/${agent.id}`],
      ['campaigns', '/campaigns'],
      ['new-campaign', '/campaigns/new'],
      ['campaign', `/campaigns/${campaign.id}`],
      ['contracts', '/contracts'],
      ['new-contract', '/contracts/newContract'],
      ['new-contract-template', '/contracts/newContractTemplate'],
      ['contract', `/contracts/${contractId}`],
      ['customers', '/customers'],
      ['customer', `/customers/${customer.id}`],
      ['invoices', '/invoices'],
      ['new-invoice', '/invoices/newInvoice'],
      ['invoice', `/invoices/${invoice.id}`],
      ['payments', '/payments'],
      ['new-payment', '/payments/newPayment'],
      ['payment', `/payments/${paymentId}`],
      ['taxes', '/taxes'],
      ...['organization', 'billing', 'profile', 'api', 'notifications', 'quickbooks'].map((tab) => [
        `settings-${tab}`,
        `/settings?tab=${tab}`,
      ]),
    ].map(([name, path]) => ({ name: name!, path: path!, as: 'owner' as const })),
    { name: 'creator-portal-home', path: '/creator', as: 'creator' },
    { name: 'creator-portal-contracts', path: '/creator/contracts', as: 'creator' },
    { name: 'creator-portal-contract', path: `/creator/contracts/${contractId}`, as: 'creator' },
    { name: 'creator-portal-payments', path: '/creator/payments', as: 'creator' },
    { name: 'creator-portal-settings', path: '/creator/settings', as: 'creator' },
    { name: 'customer-portal-home', path: '/creator', as: 'customer' },
    { name: 'customer-portal-invoices', path: '/creator/invoices', as: 'customer' },
    { name: 'customer-portal-contracts', path: '/creator/contracts', as: 'customer' },
  ];
  return { screens, tokens };
}

/** The localStorage key the web app keeps its session token under. */
const TOKEN_KEY = 'crewpay.auth_token';

/**
 * Runs `use` with a browser context per viewer, each signed in before any page script runs, and
 * closes them after (they are the spec's own, not the test's, so nothing else would).
 */
export async function withViewers(
  browser: Browser,
  seeded: SeededScreens,
  viewport: { width: number; height: number },
  use: (contexts: Map<Viewer, BrowserContext>) => Promise<void>,
) {
  const contexts = new Map<Viewer, BrowserContext>();
  for (const viewer of ['guest', 'owner', 'creator', 'customer', 'newcomer'] as const) {
    const context = await browser.newContext({ viewport });
    if (viewer !== 'guest')
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, seeded.tokens[viewer]] as const);
    contexts.set(viewer, context);
  }
  try {
    await use(contexts);
  } finally {
    await Promise.all([...contexts.values()].map((context) => context.close()));
  }
}

/** The first or second half of the screens (a walk split in two runs on both workers at once). */
export const halfOf = (screens: Screen[], half: 1 | 2): Screen[] => {
  const middle = Math.ceil(screens.length / 2);
  return half === 1 ? screens.slice(0, middle) : screens.slice(middle);
};

/**
 * Opens a screen and waits until its content is drawn: no spinner, none of its requests still
 * open, its heading shown. Its own requests are counted rather than waiting for Playwright's
 * 'networkidle', which adds 500 ms of quiet to each of the walks' hundred-odd screens.
 */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  const open = new Set<Request>();
  const started = (request: Request) => open.add(request);
  const ended = (request: Request) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(screen.path);
    await expect(page.getByRole('progressbar'), `${screen.name}: still loading`).toHaveCount(0);
    await expect.poll(() => open.size, { message: `${screen.name}: requests still open`, intervals: [50] }).toBe(0);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
  await expect(page.getByRole('progressbar'), `${screen.name}: still loading`).toHaveCount(0);
  // A lazy chart's skeleton (Home's money in and out) is replaced by the chart before the screenshot.
  await expect(page.locator('[data-loading]'), `${screen.name}: a chart still loading`).toHaveCount(0);
  // Soft: a screen without its one top heading is a finding, and the others are still checked.
  await expect.soft(page.locator('h1'), `${screen.name}: one top heading`).toHaveCount(1);
}
