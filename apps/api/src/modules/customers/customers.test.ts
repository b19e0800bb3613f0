import { beforeAll, describe, expect, it } from 'vitest';
import { customerMessages, messages, NUL_MESSAGE } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCustomer, createMember } from '../../../test/campaign-fixtures.ts';
import { createOwner, uniqueEmail } from '../../../test/fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('POST /v1/customers', () => {
  it('adds a customer with attn and comma separated cc emails, lower-casing emails', async () => {
    const owner = await createOwner(ctx.app);
    const response = await call('POST', '/v1/customers', owner.headers, {
      name: ' Glow Cosmetics ',
      email: 'Buyer@Glow.example',
      attn: 'Dana',
      cc_emails: 'a@glow.example, B@glow.example',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Glow Cosmetics',
      email: 'buyer@glow.example',
      attn: 'Dana',
      cc_emails: ['a@glow.example', 'b@glow.example'],
      address_line_1: null,
      invoice_volume: 0,
      invoice_count: 0,
    });
    const asArray = await call('POST', '/v1/customers', owner.headers, {
      name: 'Other',
      email: uniqueEmail('brand'),
      cc_emails: ['x@y.example'],
    });
    expect(asArray.json().cc_emails).toEqual(['x@y.example']);
  });

  it("answers the spec's messages: name required, email required and valid, each cc email valid", async () => {
    const owner = await createOwner(ctx.app);
    const fieldMessage = async (payload: object) => {
      const response = await call('POST', '/v1/customers', owner.headers, payload);
      expect(response.statusCode).toBe(400);
      return [response.json().field, response.json().message];
    };
    expect(await fieldMessage({ name: '  ', email: uniqueEmail() })).toEqual(['name', messages.required]);
    expect(await fieldMessage({ name: 'A' })).toEqual(['email', 'This field is required and must be an email']);
    expect(await fieldMessage({ name: 'A', email: 'not-an-email' })).toEqual(['email', 'This field is required and must be an email']);
    expect(await fieldMessage({ name: 'A', email: uniqueEmail(), cc_emails: 'ok@x.example, nope' })).toEqual([
      'cc_emails',
      customerMessages.ccEmails,
    ]);
    expect(await fieldMessage({ name: 'A'.repeat(201), email: uniqueEmail() })).toEqual(['name', 'Must be at most 200 characters']);
    expect(await fieldMessage({ name: 'A\u0000B', email: uniqueEmail() })).toEqual(['name', NUL_MESSAGE]);
    expect(await fieldMessage({ name: 'A', email: uniqueEmail(), attn: 'x\u0000' })).toEqual(['attn', NUL_MESSAGE]);
    expect(await fieldMessage({ name: 42, email: uniqueEmail() })).toEqual(['name', messages.required]);
    expect((await call('GET', '/v1/customers?search=a%00b', owner.headers)).statusCode).toBe(400);
  });

  it('answers 409 for an email another customer of the organization has, whatever its case; other organizations may reuse it', async () => {
    const owner = await createOwner(ctx.app);
    const email = uniqueEmail('brand');
    await addCustomer(ctx.app, owner.headers, { email });
    const duplicate = await call('POST', '/v1/customers', owner.headers, { name: 'Again', email: email.toUpperCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ message: customerMessages.duplicate, field: 'email' });
    const other = await createOwner(ctx.app);
    expect((await call('POST', '/v1/customers', other.headers, { name: 'Same', email })).statusCode).toBe(200);
  });
});

describe('GET /v1/customers', () => {
  it('pages newest first and searches by name or email', async () => {
    const owner = await createOwner(ctx.app);
    await addCustomer(ctx.app, owner.headers, { name: 'Alpha Foods', email: 'orders@alpha.example' });
    await addCustomer(ctx.app, owner.headers, { name: 'Beta Drinks', email: 'hello@beta.example' });
    await addCustomer(ctx.app, owner.headers, { name: 'Gamma 100%', email: 'gamma@third.example' });
    const first = (await call('GET', '/v1/customers?page_size=2', owner.headers)).json();
    expect(first).toMatchObject({ total: 3, page: 0, page_size: 2, has_more: true });
    expect(first.data.map((row: { name: string }) => row.name)).toEqual(['Gamma 100%', 'Beta Drinks']);
    const second = (await call('GET', '/v1/customers?page_size=2&page=1', owner.headers)).json();
    expect(second.data.map((row: { name: string }) => row.name)).toEqual(['Alpha Foods']);
    expect(second.has_more).toBe(false);
    const byName = (await call('GET', '/v1/customers?search=beta', owner.headers)).json();
    expect(byName.data.map((row: { name: string }) => row.name)).toEqual(['Beta Drinks']);
    const byEmail = (await call('GET', '/v1/customers?search=ALPHA.example', owner.headers)).json();
    expect(byEmail.data.map((row: { name: string }) => row.name)).toEqual(['Alpha Foods']);
    // % and _ are searched as themselves, not as wildcards.
    expect((await call('GET', '/v1/customers?search=%25', owner.headers)).json().total).toBe(1);
    expect((await call('GET', '/v1/customers?page_size=1000', owner.headers)).statusCode).toBe(400);
  });
});

describe('PUT /v1/customers/{id}', () => {
  it('updates details and the address object; fields left out are unchanged', async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers, { attn: 'Dana' });
    const details = await call('PUT', `/v1/customers/${customer.id}`, owner.headers, {
      id: customer.id,
      name: 'Renamed',
      phone_number: '(555) 010-0199',
      cc_emails: '',
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toMatchObject({
      name: 'Renamed',
      attn: 'Dana',
      phone_number: '(555) 010-0199',
      cc_emails: [],
      email: customer.email,
    });
    const address = await call('PUT', `/v1/customers/${customer.id}`, owner.headers, {
      address: { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'tx', zip: '78701' },
    });
    expect(address.json()).toMatchObject({
      name: 'Renamed',
      address_line_1: '1 Main St',
      address_line_2: null,
      address_city: 'Austin',
      address_state: 'TX',
      address_zip: '78701',
    });
    const fetched = (await call('GET', `/v1/customers/${customer.id}`, owner.headers)).json();
    expect(fetched).toMatchObject({ name: 'Renamed', address_city: 'Austin' });
  });

  it("answers the details card's messages and a 409 for another customer's email", async () => {
    const owner = await createOwner(ctx.app);
    const customer = await addCustomer(ctx.app, owner.headers);
    const taken = await addCustomer(ctx.app, owner.headers);
    const put = (payload: object) => call('PUT', `/v1/customers/${customer.id}`, owner.headers, payload);
    expect((await put({ name: '' })).json()).toMatchObject({ field: 'name', message: messages.required });
    expect((await put({ email: 'bad' })).json()).toMatchObject({ field: 'email', message: messages.email });
    expect((await put({ cc_emails: 'x@y.example,bad' })).json()).toMatchObject({ field: 'cc_emails', message: customerMessages.ccEmails });
    expect((await put({ address: { zip: '123' } })).json()).toMatchObject({ message: customerMessages.zip });
    expect((await put({ address: { state: 'Texas' } })).json()).toMatchObject({ message: customerMessages.state });
    expect((await put({ id: taken.id, name: 'X' })).statusCode).toBe(400);
    const conflict = await put({ email: taken.email.toUpperCase() });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().message).toBe(customerMessages.duplicate);
    // The email is optional once the customer exists.
    expect((await put({ email: '' })).json().email).toBeNull();
  });
});

describe('customers: roles and organizations', () => {
  it('lets admins and team members manage customers, refuses external users and the signed out', async () => {
    const owner = await createOwner(ctx.app);
    for (const role of ['admin', 'collaborator'] as const) {
      const member = await createMember(ctx.deps, owner.org.id, role);
      const created = await call('POST', '/v1/customers', member.headers, { name: role, email: uniqueEmail(role) });
      expect(created.statusCode, created.body).toBe(200);
      expect((await call('PUT', `/v1/customers/${created.json().id}`, member.headers, { attn: 'A' })).statusCode).toBe(200);
    }
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    const customer = await addCustomer(ctx.app, owner.headers);
    for (const [method, url, payload] of [
      ['GET', '/v1/customers', undefined],
      ['GET', `/v1/customers/${customer.id}`, undefined],
      ['POST', '/v1/customers', { name: 'X', email: uniqueEmail() }],
      ['PUT', `/v1/customers/${customer.id}`, { name: 'X' }],
    ] as const) {
      expect((await call(method, url, external.headers, payload)).statusCode).toBe(403);
      expect((await call(method, url, {}, payload)).statusCode).toBe(401);
    }
  });

  it("answers 404 for another organization's customer, and changes nothing of theirs", async () => {
    const mine = await createOwner(ctx.app);
    const theirs = await createOwner(ctx.app);
    const theirCustomer = await addCustomer(ctx.app, theirs.headers, { name: 'Theirs' });
    expect((await call('GET', `/v1/customers/${theirCustomer.id}`, mine.headers)).statusCode).toBe(404);
    const put = await call('PUT', `/v1/customers/${theirCustomer.id}`, mine.headers, { name: 'Mine now' });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(customerMessages.notFound);
    expect((await call('GET', '/v1/customers', mine.headers)).json().total).toBe(0);
    expect((await call('GET', `/v1/customers/${theirCustomer.id}`, theirs.headers)).json().name).toBe('Theirs');
    expect((await call('GET', '/v1/customers/not-a-uuid', mine.headers)).statusCode).toBe(404);
  });
});
