import { beforeAll, describe, expect, it } from 'vitest';
import { ownerMessages } from '@crewpay/core';
import { authHeaders, createOwner, uniqueEmail } from '../../../test/fixtures.ts';
import { business, createCollaborator, representative } from '../../../test/wallet-fixtures.ts';
import { liveWorld, sandboxWorld, type World } from '../../../test/worlds.ts';
import { operatorHeaders } from '../../../test/context.ts';
import { users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { startSession } from '../auth/sessions.ts';

const owner = (change: object = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  dob: '1976-12-09',
  percent_ownership: 40,
  address: '2 Pine St',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  ...change,
});

type Requirement = { requirement: string; fix: string };

describe.each<[string, () => Promise<World>]>([
  ['the sandbox', sandboxWorld],
  ['Stripe (SANDBOX=false, on the fake)', liveWorld],
])('beneficial owners on %s', (_name, start) => {
  let world: World;
  beforeAll(async () => {
    world = await start();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    world.ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** An owner whose company (the owners test EIN) Stripe asks for its beneficial owners. */
  async function askedForOwners() {
    const signedIn = await createOwner(world.ctx.app);
    expect((await call('POST', '/v1/org/owner', signedIn.headers, representative)).statusCode).toBe(200);
    const activated = await call('POST', '/v1/org/business', signedIn.headers, { ...business, ein: '00-0000025' });
    expect(activated.statusCode, activated.body).toBe(200);
    await world.afterActivation();
    return signedIn;
  }
  const onboarding = async (headers: Record<string, string>) =>
    (await call('GET', '/v1/org/onboarding', headers)).json<{ status: string; requirements: Requirement[] }>();

  it('Stripe asks for the owners; they are sent with their percentage and the attestation, and the requirement goes', async () => {
    const { headers } = await askedForOwners();
    const before = await onboarding(headers);
    expect(before.status).toBe('action_required');
    expect(before.requirements.map((item) => item.requirement)).toContain('company.owners_provided');
    expect(new Set(before.requirements.map((item) => item.fix))).toEqual(new Set(['owners']));

    const body = {
      owners: [owner(), owner({ first_name: 'Alan', last_name: 'Turing', percent_ownership: 35, title: 'CTO' })],
      attestation: true,
    };
    const sent = await call('PUT', '/v1/org/beneficial_owners', headers, body);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'complete', requirements: [] });
    expect((await onboarding(headers)).requirements).toEqual([]);
    const listed = (await call('GET', '/v1/org/beneficial_owners', headers)).json();
    expect(listed.owners).toMatchObject([
      { first_name: 'Grace', percent_ownership: 40, title: '' },
      { first_name: 'Alan', percent_ownership: 35, title: 'CTO' },
    ]);
    expect(listed.owners_provided_at).toEqual(expect.any(String));

    const live = (world as Partial<Awaited<ReturnType<typeof liveWorld>>>).stripe;
    if (live) {
      const persons = live.requests.filter((request) => request.method === 'POST' && /\/persons(\/[^/]+)?$/.test(request.path));
      const ownerCalls = persons.filter((request) => decodeURIComponent(request.body).includes('relationship[owner]=true'));
      expect(ownerCalls).toHaveLength(2);
      expect(decodeURIComponent(ownerCalls[0]!.body)).toContain('relationship[percent_ownership]=40');
      const keys = live.requests.map((request) => String(request.headers['idempotency-key'] ?? ''));
      expect(keys.filter((key) => key.includes(':owner:') && key.endsWith(':create'))).toHaveLength(2);
      expect(keys.some((key) => key.endsWith(':owners_provided'))).toBe(true);
      expect(new Set(keys.filter((key) => key.startsWith('banking.beneficial_owners')))).toHaveProperty('size', 3);
      // The same people again (a percentage corrected): their Persons are updated under keys of their own, none made twice.
      const again = await call('PUT', '/v1/org/beneficial_owners', headers, {
        ...body,
        owners: [owner({ percent_ownership: 45 }), body.owners[1]],
      });
      expect(again.statusCode, again.body).toBe(200);
      const updates = live.requests.filter((request) => String(request.headers['idempotency-key'] ?? '').endsWith(':update'));
      expect(updates.filter((request) => decodeURIComponent(request.body).includes('relationship[owner]=true'))).toHaveLength(2);
      expect(
        live.requests.filter(
          (request) => decodeURIComponent(request.body).includes('relationship[owner]=true') && request.path.endsWith('/persons'),
        ),
      ).toHaveLength(2);
    }

    // Alan is taken off the list: he is no longer listed, and at Stripe his Person is deleted (the representative stays).
    const fewer = await call('PUT', '/v1/org/beneficial_owners', headers, { ...body, owners: [owner({ percent_ownership: 45 })] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect((await call('GET', '/v1/org/beneficial_owners', headers)).json().owners).toMatchObject([{ first_name: 'Grace' }]);
    if (live) {
      const deletes = live.requests.filter((request) => request.method === 'DELETE');
      expect(deletes).toHaveLength(1);
      expect(deletes[0]!.path).toMatch(/^\/v1\/accounts\/[^/]+\/persons\/person_/);
      const account = deletes[0]!.path.split('/')[3];
      const atStripe = await fetch(`${live.url}/v1/accounts/${account}/persons?relationship[owner]=true`, {
        headers: { authorization: `Bearer ${live.settings.STRIPE_SECRET_KEY}` },
      });
      const persons = ((await atStripe.json()) as { data: { first_name: string; relationship: { representative?: boolean } }[] }).data;
      expect(persons.map((person) => person.first_name)).toEqual(['Grace']);
    }
  });

  it.each([
    ['over 100', [owner({ percent_ownership: 101 })], 'owners.0.percent_ownership', ownerMessages.percent],
    ['negative', [owner({ percent_ownership: -5 })], 'owners.0.percent_ownership', ownerMessages.percent],
    ['not a whole number', [owner({ percent_ownership: 30.5 })], 'owners.0.percent_ownership', ownerMessages.percent],
    ['under 25%', [owner({ percent_ownership: 20 })], 'owners.0.percent_ownership', ownerMessages.percent],
    [
      'over 100 together',
      [owner({ percent_ownership: 60 }), owner({ first_name: 'Alan', percent_ownership: 50 })],
      'owners',
      ownerMessages.total,
    ],
  ])('refuses a percentage %s, naming the field', async (_case, owners, field, message) => {
    const { headers } = await askedForOwners();
    const refused = await call('PUT', '/v1/org/beneficial_owners', headers, { owners, attestation: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message, code: 'validation_error', field });
    expect((await onboarding(headers)).status).toBe('action_required');
  });

  it('refuses the list without the attestation', async () => {
    const { headers } = await askedForOwners();
    const refused = await call('PUT', '/v1/org/beneficial_owners', headers, { owners: [owner()], attestation: false });
    expect(refused.json()).toEqual({ message: ownerMessages.attestation, code: 'validation_error', field: 'attestation' });
  });

  it('only the owner gives them, for their own organisation: an admin, a team member and another organisation cannot', async () => {
    const { org, headers } = await askedForOwners();
    const admin = await world.ctx.deps.db
      .insert(users)
      .values({ id: newId(), email: uniqueEmail('admin'), org_id: org.id, role: 'admin' })
      .returning();
    const adminHeaders = authHeaders((await startSession(world.ctx.deps.db, admin[0]!, 1)).auth_token);
    const member = await createCollaborator(world.ctx.deps, org.id);
    const body = { owners: [owner()], attestation: true };
    for (const caller of [adminHeaders, member.headers]) {
      expect((await call('PUT', '/v1/org/beneficial_owners', caller, body)).statusCode).toBe(403);
      expect((await call('GET', '/v1/org/beneficial_owners', caller)).statusCode).toBe(403);
      expect((await call('POST', '/v1/org/onboarding_link', caller, {})).statusCode).toBe(403);
    }
    // Another organisation's owner sends and reads only their own.
    const other = await askedForOwners();
    expect((await call('PUT', '/v1/org/beneficial_owners', other.headers, body)).statusCode).toBe(200);
    expect((await call('GET', '/v1/org/beneficial_owners', headers)).json()).toEqual({ owners: [], owners_provided_at: null });
    expect((await onboarding(headers)).status).toBe('action_required');
  });
});

describe("the sandbox's hosted onboarding (Stripe's account link) for what the app does not collect", () => {
  let world: World;
  beforeAll(async () => {
    world = await sandboxWorld();
  });

  it('an identity document is asked for; the link opens the sandbox page, which takes it, returns to Verification and the requirement goes', async () => {
    const { headers } = await createOwner(world.ctx.app);
    const post = (url: string, payload: object) => world.ctx.app.inject({ method: 'POST', url, headers, payload });
    expect((await post('/v1/org/owner', { ...representative, ssn: '111-11-1111' })).statusCode).toBe(200);
    expect((await post('/v1/org/business', business)).statusCode).toBe(200);
    const before = (await world.ctx.app.inject({ method: 'GET', url: '/v1/org/onboarding', headers })).json();
    expect(before.requirements).toMatchObject([{ requirement: 'representative.verification.document', fix: 'document' }]);

    const link = await post('/v1/org/onboarding_link', {});
    expect(link.statusCode, link.body).toBe(200);
    const url = new URL(link.json<{ url: string }>().url);
    expect(url.pathname).toMatch(/^\/sandbox\/onboarding\/.+/);
    const opened = await world.ctx.app.inject({ method: 'GET', url: url.pathname, headers: operatorHeaders });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Upload a test ID and continue');
    const altered = await world.ctx.app.inject({ method: 'GET', url: `${url.pathname}x`, headers: operatorHeaders });
    expect(altered.statusCode).toBe(410);

    const done = await world.ctx.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { ...operatorHeaders, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${world.ctx.deps.config.publicUrl}/verification`);
    const after = (await world.ctx.app.inject({ method: 'GET', url: '/v1/org/onboarding', headers })).json();
    expect(after).toMatchObject({ status: 'complete', requirements: [] });
    // Sent again, the details find the document given: nothing more is asked.
    expect((await post('/v1/org/business', business)).statusCode).toBe(409);
  });
});
