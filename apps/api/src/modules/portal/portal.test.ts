import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import {
  addCreatorWithEmail,
  creatorSignsIn,
  individualUpdate,
  portalCreator,
  portalValidationCases,
} from '../../../test/portal-fixtures.ts';
import { creators, payoutDetailChanges } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const creatorRow = async (id: string) => (await ctx.deps.db.select().from(creators).where(eq(creators.id, id)))[0]!;

describe('GET /v1/creators/user and GET /v1/orgs', () => {
  it('a creator of two organisations sees both, and edits each on its own', async () => {
    const first = await createOwner(ctx.app, { orgName: 'First Studio' });
    const second = await createOwner(ctx.app, { orgName: 'Second Studio' });
    const email = uniqueEmail('two-orgs');
    const inFirst = await addCreatorWithEmail(ctx.app, first.headers, email);
    const inSecond = await addCreatorWithEmail(ctx.app, second.headers, email);
    expect(inSecond.user_id).toBe(inFirst.user_id);
    const headers = await creatorSignsIn(ctx.app, email);

    const orgs = await call('GET', '/v1/orgs', headers);
    expect(orgs.statusCode).toBe(200);
    expect(orgs.json().map((org: { name: string }) => org.name)).toEqual(['First Studio', 'Second Studio']);
    expect(orgs.json()[0].treasury_id).toBeNull();

    const records = (await call('GET', '/v1/creators/user', headers)).json();
    expect(records.map((r: { id: string; org_name: string }) => [r.id, r.org_name])).toEqual([
      [inFirst.id, 'First Studio'],
      [inSecond.id, 'Second Studio'],
    ]);

    const updated = await call('PUT', `/v1/creators/user/${inFirst.id}`, headers, individualUpdate());
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: inFirst.id,
      account_number_last4: '6789',
      routing_number_last4: '0000',
      selected_payment_method: 'stripe',
    });
    expect(updated.json().account_number).toMatch(/^tok_/);
    expect(updated.json().tax_id).toMatch(/^tok_/);
    expect(updated.body).not.toContain('000123456789');

    const business = await call('PUT', `/v1/creators/user/${inSecond.id}`, headers, {
      ...individualUpdate({ account_number: '000222333444' }),
      entity_type: 'llc_s_corp',
      business_name: 'Casey LLC',
      tax_id: '987654321',
    });
    expect(business.statusCode, business.body).toBe(200);
    expect(business.json()).toMatchObject({ entity_type: 'llc_s_corp', business_name: 'Casey LLC', account_number_last4: '3444' });
    // Each organisation keeps its own record.
    expect((await creatorRow(inFirst.id)).entity_type).toBe('individual');
    expect((await creatorRow(inFirst.id)).account_number_last4).toBe('6789');
    expect((await creatorRow(inSecond.id)).legal_entity_type).toBe('llc_s_corp');
    const changes = await ctx.deps.db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.payee_id, inSecond.id));
    expect(changes.map((c) => c.source)).toEqual(['portal']);
    expect(changes[0]!.changed_by_user_id).toBe(inFirst.user_id);
  });

  it('refuses staff, and answers nothing of a creator to another creator', async () => {
    const owner = await createOwner(ctx.app);
    const alice = await portalCreator(ctx.app, owner.headers);
    const bob = await portalCreator(ctx.app, owner.headers);
    const other = await createOwner(ctx.app);
    const stranger = await addCreator(ctx.app, other.headers);

    expect((await call('GET', '/v1/creators/user', owner.headers)).statusCode).toBe(403);
    expect((await call('PUT', `/v1/creators/user/${alice.id}`, owner.headers, individualUpdate())).statusCode).toBe(403);
    const records = (await call('GET', '/v1/creators/user', alice.headers)).json();
    expect(records.map((r: { id: string }) => r.id)).toEqual([alice.id]);
    for (const id of [bob.id, stranger.id]) {
      const response = await call('PUT', `/v1/creators/user/${id}`, alice.headers, individualUpdate());
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Creator not found');
    }
    expect((await creatorRow(bob.id)).account_number).toBeNull();
    expect((await call('PUT', `/v1/creators/user/${alice.id}`, alice.headers, { ...individualUpdate(), id: bob.id })).statusCode).toBe(400);
    expect((await call('GET', '/v1/orgs', alice.headers)).json()).toHaveLength(1);
  });
});

describe('PUT /v1/creators/user/{id}', () => {
  it('a tok_ account number, routing number or tax id leaves the stored secret as it was', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const first = (await call('PUT', `/v1/creators/user/${creator.id}`, creator.headers, individualUpdate())).json();
    const before = await creatorRow(creator.id);

    const again = await call('PUT', `/v1/creators/user/${creator.id}`, creator.headers, {
      ...individualUpdate({ account_number: first.account_number, routing_number: first.routing_number, tax_id: first.tax_id }),
      address: { line_1: '2 Oak St', line_2: 'Apt 3', city: 'Dallas', state: 'tx', zip: '75201' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = await creatorRow(creator.id);
    expect(after.account_number).toBe(before.account_number);
    expect(after.routing_number).toBe(before.routing_number);
    expect(after.state_tax_id).toBe(before.state_tax_id);
    expect(ctx.deps.secrets.decrypt(after.account_number!)).toBe('000123456789');
    expect(ctx.deps.secrets.decrypt(after.state_tax_id!)).toBe('123456789');
    expect(after).toMatchObject({ address_line_1: '2 Oak St', address_line_2: 'Apt 3', address_state: 'TX', date_of_birth: '1990-04-01' });
    // Nothing about the payout changed, so nothing is recorded or told.
    const changes = await ctx.deps.db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.payee_id, creator.id));
    expect(changes).toHaveLength(1);
  });

  it('refuses a tok_ value when nothing is stored to keep', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const response = await call('PUT', `/v1/creators/user/${creator.id}`, creator.headers, individualUpdate({ account_number: 'tok_abc' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'This field is required', field: 'account_number' });
  });

  it.each(portalValidationCases)('refuses %s with its message', async (_name, change, message) => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const response = await call('PUT', `/v1/creators/user/${creator.id}`, creator.headers, individualUpdate(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('offers PayPal and Venmo only where the organisation has PayPal enabled', async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Bank Only Co' });
    const creator = await portalCreator(ctx.app, owner.headers);
    expect((await call('GET', '/v1/creators/user', creator.headers)).json()[0].is_paypal_enabled).toBe(false);
    const response = await call(
      'PUT',
      `/v1/creators/user/${creator.id}`,
      creator.headers,
      individualUpdate({ selected_payment_method: 'paypal', paypal_email: 'casey@example.com' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Bank Only Co pays by bank account only');
  });

  it('starts the payments waiting for payout details, as the payee link does, and the home shows it', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 12_345)]);
    expect((await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json().requires_info).toBe(1);

    const home = (await call('GET', '/v1/portal/home', creator.headers)).json();
    expect(home).toMatchObject({ payments: 1, pending: 12_345, completed: 0, contracts: 0 });
    expect(home.todos).toEqual([
      expect.objectContaining({
        todoType: 'Payment needs payout method',
        id: draft!.id,
        amount: 12_345,
        link: expect.stringContaining('tab=payment_details'),
      }),
    ]);

    expect((await call('PUT', `/v1/creators/user/${creator.id}`, creator.headers, individualUpdate())).statusCode).toBe(200);
    const page = (await call('GET', '/v1/portal/payments', creator.headers)).json();
    expect(page.data).toEqual([expect.objectContaining({ id: draft!.id, status: 'processing', memo: 'May', amount: 12_345 })]);
    expect((await call('GET', '/v1/portal/home', creator.headers)).json().todos).toEqual([]);
    const mails = (await readOutbox(ctx.app)).filter((mail) => mail.to === creator.email);
    expect(mails.at(-1)!.subject).toContain('Your payout details with');
  });
});

describe('GET /v1/portal/payments', () => {
  it("pages the creator's own executed payments and never shows drafts or another creator's", async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const other = await portalCreator(ctx.app, owner.headers);
    const rows = await createDrafts(
      ctx.app,
      owner.headers,
      [1, 2, 3].map((n) => paymentRow(creator.id, 1_000 * n)),
    );
    await createDrafts(ctx.app, owner.headers, [paymentRow(other.id, 5_000), paymentRow(creator.id, 9_000)]);
    await call('PUT', '/v1/payments/initiate', owner.headers, { ids: rows.map((row) => row.id) });

    const first = (await call('GET', '/v1/portal/payments?page=0&page_size=2', creator.headers)).json();
    expect(first).toMatchObject({ page: 0, has_more: true, total: 3 });
    expect(first.data).toHaveLength(2);
    const second = (await call('GET', '/v1/portal/payments?page=1&page_size=2', creator.headers)).json();
    expect(second).toMatchObject({ has_more: false });
    const ids = [...first.data, ...second.data].map((row: { id: string }) => row.id).sort();
    expect(ids).toEqual(rows.map((row) => row.id).sort());
    expect((await call('GET', '/v1/portal/payments', other.headers)).json().total).toBe(0);
    expect((await call('GET', '/v1/portal/payments?page=-1', creator.headers)).statusCode).toBe(400);
    expect((await call('GET', '/v1/portal/payments', owner.headers)).statusCode).toBe(403);
  });
});
