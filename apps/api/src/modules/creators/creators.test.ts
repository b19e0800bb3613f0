import { beforeAll, describe, expect, it } from 'vitest';
import { bankMessages, creatorMessages, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { PASSWORD, addCreator, createOwner, latestLinkId, readOutbox, uniqueEmail, upgradePlan } from '../../../test/fixtures.ts';

const post = (headers: Record<string, string>, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/v1/creators', headers, payload: payload as object });
const put = (headers: Record<string, string>, id: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: `/v1/creators/${id}`, headers, payload: payload as object });

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const ACCOUNT = '000123456789';
const ROUTING = '110000000';

describe('POST /v1/creators', () => {
  it('adds an individual creator, seals the bank numbers and emails a portal invitation', async () => {
    const owner = await createOwner(ctx.app);
    const email = uniqueEmail('jamie');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v1/creators',
      headers: owner.headers,
      payload: {
        email: email.toUpperCase(),
        entity_type: 'individual',
        first_name: 'Jamie',
        last_name: 'Lee',
        phone_number: '(415) 555-0134',
        account_number: ACCOUNT,
        routing_number: ROUTING,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).not.toContain(ACCOUNT);
    const creator = response.json();
    expect(creator).toMatchObject({
      email,
      entity_type: 'individual',
      first_name: 'Jamie',
      last_name: 'Lee',
      phone_number: '+14155550134',
      account_number_last4: '6789',
      routing_number_last4: '0000',
      selected_payment_method: 'stripe',
      is_active: true,
      tags: [],
      payments_count: 0,
      amount_paid: 0,
      manager_split: 10,
    });
    expect(creator.account_number).toMatch(/^tok_/);
    expect(creator.routing_number).toMatch(/^tok_/);
    expect(creator.user_id).toEqual(expect.any(String));

    const invitation = (await readOutbox(ctx.app)).filter((mail) => mail.to === email);
    expect(invitation).toHaveLength(1);
    expect(invitation[0]!.subject).toBe('Acme Creators invited you to Crewpay');
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    const setPassword = await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
    expect(setPassword.statusCode, setPassword.body).toBe(200);
    expect(setPassword.json()).toMatchObject({ is_external: true, user: { email, role: 'creator' } });
  });

  it.each([
    ['a missing email', { first_name: 'A', last_name: 'B' }, 'email', messages.email],
    ['an invalid email', { email: 'nope@', first_name: 'A', last_name: 'B' }, 'email', messages.email],
    ['an individual without first name', { email: 'x@example.com', last_name: 'B' }, 'first_name', messages.required],
    ['an individual without last name', { email: 'x@example.com', first_name: 'A', last_name: '  ' }, 'last_name', messages.required],
    ['a business without business name', { email: 'x@example.com', entity_type: 'business' }, 'business_name', messages.required],
    [
      'an unknown entity type',
      { email: 'x@example.com', entity_type: 'trust', first_name: 'A', last_name: 'B' },
      'entity_type',
      'Choose individual or business',
    ],
    [
      'an invalid phone',
      { email: 'x@example.com', first_name: 'A', last_name: 'B', phone_number: '12345' },
      'phone_number',
      messages.usPhone,
    ],
    [
      'a short account number',
      { email: 'x@example.com', first_name: 'A', last_name: 'B', account_number: '123', routing_number: '110000000' },
      'account_number',
      bankMessages.accountNumber,
    ],
    [
      'a routing number of 8 digits',
      { email: 'x@example.com', first_name: 'A', last_name: 'B', account_number: '1234', routing_number: '11000000' },
      'routing_number',
      bankMessages.routingNumber,
    ],
    [
      'an account number without routing',
      { email: 'x@example.com', first_name: 'A', last_name: 'B', account_number: '12345678' },
      'routing_number',
      bankMessages.routingNumber,
    ],
    [
      'a routing number without account',
      { email: 'x@example.com', first_name: 'A', last_name: 'B', routing_number: '110000000' },
      'account_number',
      bankMessages.accountNumber,
    ],
  ])('refuses %s with the spec message', async (_case, payload, field, message) => {
    const owner = await createOwner(ctx.app);
    const response = await post(owner.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation_error', field });
  });

  it('adds a business by business name alone; phone and bank details are optional', async () => {
    const owner = await createOwner(ctx.app);
    const response = await post(owner.headers, {
      email: uniqueEmail('studio'),
      entity_type: 'business',
      business_name: 'Studio Nine',
      phone_number: '',
      account_number: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      entity_type: 'business',
      business_name: 'Studio Nine',
      phone_number: null,
      account_number: null,
      selected_payment_method: null,
    });
  });

  it('refuses a second creator with the same email in the organisation', async () => {
    const owner = await createOwner(ctx.app);
    const first = await addCreator(ctx.app, owner.headers);
    const again = await post(owner.headers, { email: first.email.toUpperCase(), first_name: 'A', last_name: 'B' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: creatorMessages.duplicate, code: 'conflict', field: 'email' });
  });

  it('on the free plan adds 5 creators and refuses the 6th; the standard plan has no limit', async () => {
    const owner = await createOwner(ctx.app);
    for (let index = 0; index < 5; index += 1) await addCreator(ctx.app, owner.headers);
    const sixth = await post(owner.headers, { email: uniqueEmail(), first_name: 'A', last_name: 'B' });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({ message: creatorMessages.freePlanLimit, code: 'forbidden' });
    await upgradePlan(ctx.app, owner.headers);
    await addCreator(ctx.app, owner.headers);
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/creators', headers: owner.headers });
    expect(list.json().total).toBe(6);
  });

  it('holds the free-plan limit when creators are added at the same moment', async () => {
    const owner = await createOwner(ctx.app);
    for (let index = 0; index < 3; index += 1) await addCreator(ctx.app, owner.headers);
    const results = await Promise.all(
      [0, 1, 2, 3].map(() => post(owner.headers, { email: uniqueEmail(), first_name: 'A', last_name: 'B' })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 200, 403, 403]);
  });

  it('reuses the login of a creator of another organisation: one account, one creator row per organisation', async () => {
    const first = await createOwner(ctx.app, { orgName: 'First Org' });
    const second = await createOwner(ctx.app, { orgName: 'Second Org' });
    const email = uniqueEmail('shared');
    const one = await addCreator(ctx.app, first.headers, { email });
    const linkId = await latestLinkId(ctx.app, email, '/resetPassword/');
    await ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: { password: PASSWORD } });
    const two = await addCreator(ctx.app, second.headers, { email });
    expect(two.user_id).toBe(one.user_id);
    expect(two.id).not.toBe(one.id);
    const mails = (await readOutbox(ctx.app)).filter((mail) => mail.to === email);
    expect(mails.map((mail) => mail.subject)).toEqual(['First Org invited you to Crewpay', 'Second Org added you on Crewpay']);
  });

  it('creates no portal account for the email of a staff account', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, { email: owner.user.email });
    expect(creator.user_id).toBeNull();
  });
});

describe('GET /v1/creators', () => {
  it('pages newest first and searches by email or name, case-insensitively', async () => {
    const owner = await createOwner(ctx.app);
    await upgradePlan(ctx.app, owner.headers);
    for (let index = 0; index < 7; index += 1) await addCreator(ctx.app, owner.headers, { first_name: `Name${index}` });
    await addCreator(ctx.app, owner.headers, { email: uniqueEmail('needle'), first_name: 'Zed', last_name: 'Quinn' });
    const page = await ctx.app.inject({ method: 'GET', url: '/v1/creators?page=1&page_size=3', headers: owner.headers });
    expect(page.json()).toMatchObject({ total: 8, page: 1, page_size: 3, has_more: true });
    expect(page.json().data.map((creator: { first_name: string }) => creator.first_name)).toEqual(['Name4', 'Name3', 'Name2']);
    const last = await ctx.app.inject({ method: 'GET', url: '/v1/creators?page=2&page_size=3', headers: owner.headers });
    expect(last.json()).toMatchObject({ total: 8, has_more: false });
    expect(last.json().data).toHaveLength(2);
    // Past the last page: no row carries the total, which is still counted.
    const past = await ctx.app.inject({ method: 'GET', url: '/v1/creators?page=9&page_size=3', headers: owner.headers });
    expect(past.json()).toMatchObject({ total: 8, data: [], has_more: false });
    for (const search of ['NEEDLE', 'zed quinn', 'Quinn']) {
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/v1/creators?search=${encodeURIComponent(search)}`,
        headers: owner.headers,
      });
      expect(found.json().total, search).toBe(1);
      expect(found.json().next_cursor, search).toBeNull();
      expect(found.json().data[0].first_name).toBe('Zed');
    }
    const none = await ctx.app.inject({ method: 'GET', url: '/v1/creators?search=%25', headers: owner.headers });
    expect(none.json().total).toBe(0);
  });

  it('answers each row of a page, by number or by cursor, with the same values as the profile', async () => {
    const owner = await createOwner(ctx.app);
    await addCreator(ctx.app, owner.headers, { first_name: 'Older' });
    const newer = await addCreator(ctx.app, owner.headers, { first_name: 'Newer' });
    const first = (await ctx.app.inject({ method: 'GET', url: '/v1/creators?page_size=1', headers: owner.headers })).json();
    const after = (
      await ctx.app.inject({ method: 'GET', url: `/v1/creators?page_size=1&starting_after=${first.next_cursor}`, headers: owner.headers })
    ).json();
    for (const row of [first.data[0], after.data[0]]) {
      const profile = (await ctx.app.inject({ method: 'GET', url: `/v1/creators/${row.id}`, headers: owner.headers })).json();
      expect(Object.keys(row).sort()).toEqual(
        [
          'id',
          'email',
          'entity_type',
          'first_name',
          'last_name',
          'business_name',
          'is_active',
          'invitation',
          'selected_payment_method',
          'created_at',
          'tags',
          'payments_count',
          'amount_paid',
        ].sort(),
      );
      expect(profile).toMatchObject(row);
    }
    expect(first.data[0]).toMatchObject({ id: newer.id, created_at: newer.created_at, tags: [], payments_count: 0, amount_paid: 0 });
    expect(after.data[0].first_name).toBe('Older');
  });
});

describe('PUT /v1/creators/{id}', () => {
  it('changes only the fields sent; a tok_ value leaves the stored number as it is', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, { account_number: ACCOUNT, routing_number: ROUTING });
    const echo = await put(owner.headers, creator.id, {
      id: creator.id,
      account_number: creator.account_number,
      routing_number: creator.routing_number,
      notes: '**Top** creator',
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json()).toMatchObject({ account_number_last4: '6789', notes: '**Top** creator', first_name: 'Casey' });
    const [row] = await ctx.database.pool
      .query('SELECT account_number FROM creators WHERE id = $1', [creator.id])
      .then((result) => result.rows);
    expect(ctx.deps.secrets.decrypt(row.account_number)).toBe(ACCOUNT);
    expect(row.account_number).not.toContain(ACCOUNT);

    const changed = await put(owner.headers, creator.id, { account_number: '99887766', routing_number: '021000021' });
    expect(changed.json()).toMatchObject({ account_number_last4: '7766', routing_number_last4: '0021' });
    expect(changed.body).not.toContain('99887766');
  });

  it('sets payout methods with their details and clears the selection when its details are removed', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const noBank = await put(owner.headers, creator.id, { selected_payment_method: 'stripe' });
    expect(noBank.json()).toEqual({ message: 'Add a bank account first', code: 'validation_error', field: 'selected_payment_method' });
    const badPaypal = await put(owner.headers, creator.id, { paypal_email: 'not-an-email' });
    expect(badPaypal.json()).toEqual({ message: messages.paypalEmail, code: 'validation_error', field: 'paypal_email' });
    const badVenmo = await put(owner.headers, creator.id, { venmo_phone_number: '555' });
    expect(badVenmo.json()).toEqual({ message: messages.usPhone, code: 'validation_error', field: 'venmo_phone_number' });
    const paypal = await put(owner.headers, creator.id, { paypal_email: 'Pay@Example.com', selected_payment_method: 'paypal' });
    expect(paypal.json()).toMatchObject({ paypal_email: 'pay@example.com', selected_payment_method: 'paypal' });
    const venmo = await put(owner.headers, creator.id, { venmo_phone_number: '212 555 0199', selected_payment_method: 'venmo' });
    expect(venmo.json()).toMatchObject({ venmo_phone_number: '+12125550199', selected_payment_method: 'venmo' });
    const removed = await put(owner.headers, creator.id, { venmo_phone_number: null });
    expect(removed.json()).toMatchObject({ venmo_phone_number: null, selected_payment_method: null });
    const bank = await put(owner.headers, creator.id, {
      account_number: ACCOUNT,
      routing_number: ROUTING,
      selected_payment_method: 'stripe',
    });
    expect(bank.json()).toMatchObject({ selected_payment_method: 'stripe', account_number_last4: '6789' });
    const halfBank = await put(owner.headers, creator.id, { routing_number: null });
    expect(halfBank.json()).toEqual({ message: bankMessages.routingNumber, code: 'validation_error', field: 'routing_number' });
  });

  it('validates names, splits, links, manager and agent, and the id in the body', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const cases: [unknown, string, string][] = [
      [{ first_name: '' }, 'first_name', messages.required],
      [{ entity_type: 'business' }, 'business_name', messages.required],
      [{ manager_split: 101 }, 'manager_split', 'Splits are percentages from 0 to 100'],
      [{ agent_split: -1 }, 'agent_split', 'Splits are percentages from 0 to 100'],
      [{ platforms: ['javascript:alert(1)'] }, 'platforms.0', 'Must be a link starting with http:// or https://'],
      [{ id: '0190a0a0-0000-7000-8000-000000000000' }, 'id', 'The id in the body does not match the address'],
      [{ manager_id: owner.user.id }, 'manager_id', 'Manager not found'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await put(owner.headers, creator.id, payload);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ message, field });
    }
    const manager = await ctx.app.inject({
      method: 'POST',
      url: '/v1/users',
      headers: owner.headers,
      payload: { email: uniqueEmail('manager'), is_manager: true, first_name: 'Max', last_name: 'Manager' },
    });
    const updated = await put(owner.headers, creator.id, {
      manager_id: manager.json().id,
      manager_split: 15,
      agent_split: 20,
      is_active: false,
      platforms: ['https://youtube.com/@casey'],
    });
    expect(updated.json()).toMatchObject({
      manager_id: manager.json().id,
      manager_split: 15,
      agent_split: 20,
      is_active: false,
      platforms: ['https://youtube.com/@casey'],
    });
  });
});

describe('GET /v1/creators/{id}', () => {
  it('answers the creator with its tags and never the secrets', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, { account_number: ACCOUNT, routing_number: ROUTING });
    const response = await ctx.app.inject({ method: 'GET', url: `/v1/creators/${creator.id}`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(ACCOUNT);
    expect(response.body).not.toContain(ROUTING);
    expect(response.json()).toMatchObject({ id: creator.id, tags: [] });
  });
});
