import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const latestLink = async (to: string) =>
  (await readOutbox(ctx.app))
    .filter((item) => item.to === to)
    .at(-1)!
    .links[0]!.split('/bankDetails?id=')[1]!;
const openLink = (linkId: string) => ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` });
const submit = (linkId: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload });
const address = { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' };
const business = {
  selected_payment_method: 'stripe',
  ...BANK,
  entity_type: 'c_corp',
  tax_id: '123456789',
  business_name: 'Stale Co',
  address,
};
const stan = {
  selected_payment_method: 'stripe',
  ...BANK,
  entity_type: 'individual',
  tax_id: '987654321',
  first_name: 'Stan',
  last_name: 'Stale',
  date_of_birth: '1990-04-01',
  address,
};

async function awaitingPayment(headers: Headers, creatorId: string, earnings = 10_000) {
  const [draft] = await createDrafts(ctx.app, headers, [paymentRow(creatorId, earnings)]);
  expect((await inject('PUT', '/v1/payments/initiate', headers, { ids: [draft!.id] })).json().requires_info).toBe(1);
  return draft!;
}

describe('payee links are bound to their payments', () => {
  it('a reminder invalidates the earlier link, and a used link leaves no other link working', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    const payment = await awaitingPayment(owner.headers, creator.id);
    const first = await latestLink(creator.email);
    expect((await openLink(first)).json()).toMatchObject({ amount: 10_000 });

    await inject('POST', '/v1/payments/reminders', owner.headers, [payment.id]);
    const second = await latestLink(creator.email);
    expect(second).not.toBe(first);
    expect((await openLink(first)).json()).toEqual({ message: 'Sorry! This link is no longer valid.', code: 'gone' });
    expect((await openLink(second)).json()).toMatchObject({ amount: 10_000 });

    expect((await submit(second, business)).statusCode).toBe(200);
    expect((await inject('GET', `/v1/payments/${payment.id}`, owner.headers)).json().status).toBe('processing');
    const stale = await submit(first, stan);
    expect(stale.statusCode).toBe(410);
    const stored = (await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json();
    expect(stored).toMatchObject({ entity_type: 'business', business_name: 'Stale Co' });
  });

  it('stops working when none of its payments waits for details any more', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const payment = await awaitingPayment(owner.headers, creator.id);
    const link = await latestLink(creator.email);
    expect((await inject('DELETE', '/v1/payments', owner.headers, { ids: [payment.id] })).statusCode).toBe(200);
    const opened = await openLink(link);
    expect(opened.statusCode).toBe(410);
    expect(opened.json().message).toBe('Sorry! This link is no longer valid.');
    expect((await submit(link, stan)).statusCode).toBe(410);
  });

  it('never rewrites the legal identity that executed payments were made to', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    await awaitingPayment(owner.headers, creator.id);
    expect((await submit(await latestLink(creator.email), business)).statusCode).toBe(200);

    // The payout method is removed by staff; the next payment asks again.
    const removed = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      selected_payment_method: null,
      account_number: null,
      routing_number: null,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await awaitingPayment(owner.headers, creator.id, 5_000);
    const link = await latestLink(creator.email);
    const renamed = await submit(link, stan);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(
      'Your legal name is already on file with Acme Creators for payments made to you. Contact Acme Creators to change it.',
    );
    expect((await submit(link, { ...business, account_number: '000111222333' })).statusCode).toBe(200);
    const stored = (await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json();
    expect(stored).toMatchObject({ entity_type: 'business', business_name: 'Stale Co', account_number_last4: '2333' });

    // Staff edits keep it too; other fields still change.
    const staffRename = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      entity_type: 'individual',
      first_name: 'Stan',
      last_name: 'Stale',
    });
    expect(staffRename.statusCode).toBe(400);
    expect(staffRename.json().message).toBe(
      'This creator has been paid under this legal name and entity type, which cannot be changed any more',
    );
    expect((await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, bio: 'Still editable' })).statusCode).toBe(
      200,
    );
  });

  it('takes the spec’s legal entity types and refuses the rest', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    await awaitingPayment(owner.headers, creator.id);
    const link = await latestLink(creator.email);
    const unknown = await submit(link, { ...business, entity_type: 'corporation' });
    expect(unknown.statusCode).toBe(400);
    const letters = await submit(link, { ...business, account_number: '12a' });
    expect(letters.json()).toMatchObject({ message: 'Account number must be digits only', field: 'account_number' });
    const routing = await submit(link, { ...business, routing_number: '123456789' });
    expect(routing.json()).toMatchObject({ message: 'This is not a valid routing number: check its 9 digits', field: 'routing_number' });
    const state = await submit(link, { ...business, address: { ...address, state: 'ZZ' } });
    expect(state.json()).toMatchObject({ message: 'This field is required and must be a US state', field: 'address.state' });
    expect((await submit(link, { ...business, entity_type: 'llc_s_corp' })).statusCode).toBe(200);
    const [row] = await ctx.deps.db
      .execute<{ legal_entity_type: string }>(`SELECT legal_entity_type FROM creators WHERE id = '${creator.id}'`)
      .then((result) => result.rows);
    expect(row!.legal_entity_type).toBe('llc_s_corp');
  });
});
