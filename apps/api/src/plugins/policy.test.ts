import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { addCreator } from '../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../test/payment-fixtures.ts';
import { portalAgent } from '../../test/portal-fixtures.ts';
import { readPdf } from '../../test/tax-fixtures.ts';
import { w9Form } from '../../test/tax-form-fixtures.ts';
import { readOutbox } from '../../test/fixtures.ts';
import { describeRule, type BodyRule, type DeclaredRoute, type RoutePolicy } from './route-policy.ts';

type Headers = Record<string, string>;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

describe('the boot check', () => {
  it('refuses to start while an API route declares no policy', async () => {
    const app = await buildApp(ctx.deps);
    app.get('/v1/forgotten', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow('GET /v1/forgotten has no policy');
  });

  it('refuses a policy it could not enforce (staff and portal roles mixed)', async () => {
    const app = await buildApp(ctx.deps);
    app.get('/api/mixed', { config: { policy: { who: ['owner', 'creator'], apiKey: 'read' } } }, async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow('GET /api/mixed mixes staff and portal roles');
  });

  it('starts with every route of the app declared', async () => {
    const undeclared = ctx.app.routePolicies().filter(({ url, policy }) => /^\/(v1|api)\//.test(url) && !policy);
    expect(undeclared).toEqual([]);
  });
});

/** Fields of a request body that decide where money goes: a route taking any of them must say how it guards them. */
const ROUTING_FIELDS = [
  'account_number',
  'routing_number',
  'paypal_email',
  'venmo_phone_number',
  'selected_payment_method',
  'agent_id',
  'agent_split',
  'manager_id',
  'manager_split',
];
/** Paths whose writes move money or change where it goes. */
const MONEY_PATHS =
  /initiate$|payment_releases|payment_schedules|approvals\/(rules|:id\/approve)|refunds|treasury\/(ach|account)|org\/bank|campaign_splits|paypal\/oauth|deliverables\/:id\/approval/;

const covers = (guard: 'always' | BodyRule | undefined, money: BodyRule | undefined) => {
  if (guard === 'always') return true;
  if (!guard) return false;
  if (!money) return false;
  return (
    [...(money.fields ?? [])].every((field) => guard.fields?.includes(field)) &&
    [...(money.flags ?? [])].every((flag) => guard.flags?.includes(flag))
  );
};

const bodyFields = (route: DeclaredRoute): string[] => {
  if (!route.body) return [];
  try {
    const schema = z.toJSONSchema(route.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: object;
      items?: { properties?: object };
    };
    return Object.keys(schema.properties ?? schema.items?.properties ?? {});
  } catch {
    return [];
  }
};

/** What a money route asks, in one line: the docs table says the same (scripts/security-docs). */
function rule(route: DeclaredRoute & { policy: RoutePolicy }): string {
  const { policy } = route;
  const key = typeof policy.apiKey === 'object' ? `no key ${describeRule(policy.apiKey.refusedWhen)}` : policy.apiKey;
  const factor =
    policy.freshFactor === 'always' ? 'factor' : policy.freshFactor ? `factor ${describeRule(policy.freshFactor)}` : 'no factor';
  const acting = policy.acting ? 'no acting' : 'acting';
  return `${route.method} ${route.url}: ${policy.money!.kind}; ${Array.isArray(policy.who) ? policy.who.join('/') : policy.who}; key ${key}; ${acting}; ${factor}`;
}

describe('every route that moves money or changes where it goes', () => {
  const moneyRoutes = () =>
    ctx.app.routePolicies().filter((route): route is DeclaredRoute & { policy: RoutePolicy } => Boolean(route.policy?.money));

  it('is classified: a write on a money path, or taking a field that routes money, says so', () => {
    const unclassified = ctx.app
      .routePolicies()
      .filter(({ method }) => method !== 'GET')
      .filter((route) => MONEY_PATHS.test(route.url) || bodyFields(route).some((field) => ROUTING_FIELDS.includes(field)))
      .filter((route) => !route.policy?.money)
      // Stopping a wait, a schedule or the PayPal link, and a preview, move nothing; a campaign's
      // agent is who brought the deal (shown on the campaign), no payment follows it.
      .filter(({ method, url }) => !(method === 'DELETE' && /payment_releases|payment_schedules|paypal/.test(url)))
      .filter(({ url }) => !/^\/v1\/campaigns/.test(url))
      .filter(({ url }) => !url.endsWith('/preview'))
      .map(({ method, url }) => `${method} ${url}`);
    expect(unclassified).toEqual([]);
  });

  it('asks a person with a fresh factor, never a key nor an acting session (a payee link aside)', () => {
    const loose = moneyRoutes().flatMap((route) => {
      const { policy } = route;
      const money = policy.money!;
      if (money.byLink) return policy.who === 'public' && policy.acting ? [] : [`${route.url}: a link route is public and refuses acting`];
      const problems = [
        ...(covers(policy.freshFactor, money.when) ? [] : ['no fresh factor']),
        ...(policy.acting && (!policy.acting.when || covers(policy.acting.when, money.when)) ? [] : ['acting allowed']),
        ...(policy.apiKey === 'none' ||
        policy.apiKey === 'people_only' ||
        (typeof policy.apiKey === 'object' && covers(policy.apiKey.refusedWhen, money.when))
          ? []
          : ['keys allowed']),
      ];
      return problems.map((problem) => `${route.method} ${route.url}: ${problem}`);
    });
    expect(loose).toEqual([]);
  });

  it('is listed here with its rule (a new one shows up in this list)', () => {
    expect(moneyRoutes().map(rule).sort()).toEqual(
      [
        'DELETE /v1/creators/:id/campaign_splits/:splitId: routes; owner/admin/collaborator; key none; no acting; factor',
        'POST /v1/approvals/:id/approve: moves; owner/admin; key none; no acting; factor',
        'POST /v1/creators/:id/campaign_splits: routes; owner/admin/collaborator; key none; no acting; factor',
        'POST /v1/creators: routes; owner/admin/collaborator; key no key when the body sets account_number, routing_number; no acting; factor when the body sets account_number, routing_number',
        'POST /v1/deliverables/:id/approval: moves; owner/admin; key none; no acting; factor',
        'POST /v1/expiring_link: routes; public; key none; no acting; no factor',
        'POST /v1/invoices/:id/refunds: moves; owner/admin; key none; no acting; factor',
        'POST /v1/nium/wallet/fund: moves; owner; key none; no acting; factor',
        'POST /v1/org/bank: routes; owner/admin; key none; no acting; factor',
        'POST /v1/payments/:id/rfi: routes; owner/admin; key none; no acting; factor',
        'POST /v1/portal/payments/:id/rfi: routes; creator/customer; key none; no acting; factor',
        'PUT /v1/creators/:id/abroad: routes; owner/admin; key none; no acting; factor',
        'PUT /v1/nium/account: routes; owner; key none; no acting; factor',
        'POST /v1/payment_schedules: moves; owner/admin; key none; no acting; factor',
        'POST /v1/paypal/oauth: routes; owner/admin; key none; no acting; factor',
        'POST /v1/treasury/account: routes; owner/admin; key none; no acting; factor',
        'POST /v1/treasury/ach: moves; owner/admin; key none; no acting; factor',
        'POST /v1/treasury/ach_debit: moves; owner/admin; key none; no acting; factor',
        'POST /v1/wallets/:id/unfreeze: moves; owner; key none; no acting; factor',
        'POST /v1/users: routes; owner/admin/collaborator; key people_only; no acting; factor when the body sets is_agent or is_manager to true',
        'PUT /v1/approvals/rules: moves; owner; key none; no acting; factor',
        'PUT /v1/creators/:id/campaign_splits/:splitId: routes; owner/admin/collaborator; key none; no acting; factor',
        'PUT /v1/creators/:id: routes; owner/admin/collaborator; key no key when the body sets account_number, routing_number, selected_payment_method, paypal_email, venmo_phone_number, agent_id, agent_split, manager_id, manager_split; no acting; factor when the body sets account_number, routing_number, selected_payment_method, paypal_email, venmo_phone_number, agent_id, agent_split, manager_id, manager_split',
        'PUT /v1/creators/user/:id/abroad: routes; creator/customer; key none; no acting; factor',
        'PUT /v1/creators/user/:id: routes; creator/customer; key none; no acting; factor',
        'PUT /v1/payment_releases/:id: moves; owner/admin; key none; no acting; factor',
        'PUT /v1/payments/initiate: moves; owner/admin; key none; no acting; factor',
        'PUT /v1/users/:id: routes; owner/admin/collaborator; key people_only; no acting; factor when the body sets role, email',
      ].sort(),
    );
  });
});

/** Secrets of a person no read-scoped key may see: a signed W-9's TIN, the creator's TIN and bank account. */
const TIN = '987-65-4320';
const STATE_TIN = '987650321';

describe('a read-scoped API key', () => {
  it('reads no TIN and no bank account number on any GET route, whatever it asks', async () => {
    const owner = await fundedOwner(ctx.app);
    const call = injector(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    expect((await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, state_tax_id: STATE_TIN })).statusCode).toBe(
      200,
    );
    // The creator signs a W-9 through the payee link their first payment sends.
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    const other = await addCreator(ctx.app, owner.headers);
    const [waiting] = await createDrafts(ctx.app, owner.headers, [paymentRow(other.id, 5_000)]);
    expect((await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [waiting!.id] })).statusCode).toBe(200);
    const link = (await readOutbox(ctx.app))
      .filter((item) => item.to === other.email)
      .at(-1)!
      .links[0]!.split('/bankDetails?id=')[1]!;
    const signed = await call('POST', `/v1/expiring_link/tax_forms?id=${link}`, {}, w9Form({ tin: TIN }));
    expect(signed.statusCode, signed.body).toBe(200);
    const agent = await portalAgent(ctx.app, owner.headers);
    const key = await call('POST', '/v1/org_api_token', owner.headers, { scopes: ['read'] });
    const headers = { authorization: `Bearer ${key.json<{ key: string }>().key}` };

    const forms = (await call('GET', `/v1/creators/${other.id}/tax_forms`, owner.headers, undefined)).json<{ id: string }[]>();
    const ids = [creator.id, other.id, draft!.id, waiting!.id, agent.id, ...forms.map((form) => form.id)];
    const year = String(new Date().getUTCFullYear());
    const secrets = [TIN, TIN.replaceAll('-', ''), STATE_TIN, BANK.account_number];
    const scan = async (as: Headers) => {
      const seen: string[] = [];
      let answered = 0;
      for (const { method, url } of ctx.app.routePolicies()) {
        if (method !== 'GET' || !/^\/(v1|api)\//.test(url)) continue;
        for (const id of url.includes(':') ? ids : [ids[0]!]) {
          const path = url.replace(':year', year).replace(/:[a-zA-Z_]+/g, id);
          const response = await ctx.app.inject({ method: 'GET', url: path, headers: as });
          if (response.statusCode === 200) answered += 1;
          const isPdf = response.headers['content-type']?.toString().includes('pdf');
          const text = isPdf && response.statusCode === 200 ? readPdf(response.rawPayload, 'scan').text : response.body;
          for (const secret of secrets) if (text.includes(secret)) seen.push(`${path} shows ${secret}`);
        }
      }
      return { seen, answered };
    };
    // The scan finds what is there: the owner reads the signed W-9 (its TIN) where owners may.
    expect((await scan(owner.headers)).seen.join('\n')).toContain(TIN);
    const { seen: leaks, answered } = await scan(headers);
    expect(answered).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  });
});
