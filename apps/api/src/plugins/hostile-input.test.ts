import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createOwner } from '../../test/fixtures.ts';
import { portalAgent } from '../../test/portal-fixtures.ts';

// "No input (NUL bytes, huge numbers, wrong types) ever gets a 500": every route the app
// declares, called by someone it lets in, with bodies, queries and path ids nobody meant. Each
// route's own messages are tested beside it; this sweep finds the route that forgot one.

let ctx: TestContext;
type Caller = { headers: Record<string, string> };
let staff: Caller;
let payee: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createOwner(ctx.app);
  payee = await portalAgent(ctx.app, staff.headers);
});

/** Field names the routes take (the documents' words), each given every hostile value at once. */
const FIELDS = [
  'id',
  'ids',
  'name',
  'email',
  'amount',
  'earnings',
  'split',
  'memo',
  'recipient',
  'recipient_role',
  'currency',
  'country',
  'title',
  'status',
  'date',
  'execute_on',
  'customer_id',
  'creator_id',
  'campaign_id',
  'payment_method',
  'account_number',
  'routing_number',
  'code',
  'password',
  'token',
  'url',
  'description',
  'quantity',
  'price',
  'items',
  'rows',
  'page',
  'limit',
  'cursor',
  'search',
  'role',
  'website',
  'phone',
  'tin',
  'address',
  'note',
  'reason',
  'comment',
  'type',
  'percent',
  'quote_ids',
];

const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER * 4,
  '9'.repeat(400),
  { nested: { deeper: ['x'] } },
  [1, 'two', null],
  true,
  '\ud800',
];

const bodies: unknown[] = [
  {},
  [],
  'text',
  ...HOSTILE_VALUES.map((value) => Object.fromEntries(FIELDS.map((field) => [field, value]))),
  [Object.fromEntries(FIELDS.map((field) => [field, 'a\u0000b']))],
  [Object.fromEntries(FIELDS.map((field) => [field, 1e308]))],
];

const queries = [
  FIELDS.map((field) => `${field}=${encodeURIComponent('a\u0000b')}`).join('&'),
  FIELDS.map((field) => `${field}=1e400`).join('&'),
  FIELDS.map((field) => `${field}[]=x&${field}[a]=y`).join('&'),
];

const pathIds = [() => crypto.randomUUID(), () => '%00', () => '9'.repeat(60)];

const withIds = (url: string, id: () => string) => url.replace(/:[A-Za-z_]+/g, () => id()).replace(/\*$/, 'x');

type Found = { route: string; request: string; status: number; body: string };

async function sweep(
  filter: (method: string, url: string, who: unknown) => boolean,
  caller: Caller,
): Promise<{ tried: number; found: Found[]; refused: number }> {
  const found: Found[] = [];
  let refused = 0;
  let tried = 0;
  for (const { method, url, policy } of ctx.app.routePolicies()) {
    if (!/^\/(v1|api)\//.test(url) || method === 'HEAD' || !filter(method, url, policy?.who)) continue;
    const route = `${method} ${url}`;
    const attempts: { url: string; payload?: unknown }[] = [
      ...pathIds.map((id) => ({ url: withIds(url, id) })),
      ...queries.map((query) => ({ url: `${withIds(url, pathIds[0]!)}?${query}` })),
      ...(method === 'GET' ? [] : bodies.map((payload) => ({ url: withIds(url, pathIds[0]!), payload }))),
    ];
    for (const attempt of attempts) {
      tried += 1;
      const response = await ctx.app.inject({
        method: method as 'GET',
        url: attempt.url,
        headers: { ...caller.headers, ...(attempt.payload === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(attempt.payload === undefined ? {} : { payload: JSON.stringify(attempt.payload) }),
      });
      if (response.statusCode === 400) refused += 1;
      if (response.statusCode >= 500)
        found.push({
          route,
          request: `${attempt.url.slice(0, 80)} ${JSON.stringify(attempt.payload)?.slice(0, 60) ?? ''}`,
          status: response.statusCode,
          body: response.body.slice(0, 200),
        });
    }
  }
  return { tried, found, refused };
}

// Routes that end the caller's session or organisation would leave the rest of the sweep signed out.
const ENDS_SESSION = /\/(logout|sign_out|signout)$|^\/v1\/org$|\/account$|\/users\/me$/;

describe('hostile input on every route', () => {
  // Over 2,500 requests: about 5 s on a quiet machine, minutes on a loaded one, where 30 s is no sign of a fault.
  it('answers staff routes without a 500, whatever the body, query or path id', { timeout: 180_000 }, async () => {
    const { tried, found, refused } = await sweep(
      (method, url, who) =>
        who !== 'public' &&
        !(Array.isArray(who) && who.every((role) => role === 'creator' || role === 'customer')) &&
        !(method !== 'GET' && ENDS_SESSION.test(url)),
      staff,
    );
    expect(tried).toBeGreaterThan(2500);
    // Most reach the route's own checks (a 400 with its sentence), not a door closed before them.
    expect(refused).toBeGreaterThan(tried / 2);
    expect(found).toEqual([]);
  });

  it('answers portal and public routes without a 500', async () => {
    const { tried, found, refused } = await sweep(
      (method, url, who) =>
        (who === 'public' || (Array.isArray(who) && who.every((role) => role === 'creator' || role === 'customer'))) &&
        !(method !== 'GET' && ENDS_SESSION.test(url)),
      payee,
    );
    expect(tried).toBeGreaterThan(200);
    expect(refused).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
