import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { CORRIDOR_PAYEES } from '../../../test/abroad-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const latestLink = async (to: string) =>
  (await readOutbox(ctx.app))
    .filter((item) => item.to === to)
    .at(-1)!
    .links[0]!.split('/bankDetails?id=')[1]!;
const submit = (linkId: string, payload: object) => ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload });
const jonas = {
  selected_payment_method: 'nium',
  abroad: CORRIDOR_PAYEES.DE,
  entity_type: 'individual',
  first_name: 'Jonas',
  last_name: 'Weber',
  tax_id: '12345678901',
  address: { line_1: 'Unter den Linden 1', city: 'Berlin', postal_code: '10117' },
};

describe('a payee abroad gives their details through the payee link', () => {
  it('refuses a bad IBAN naming the field and keeps nothing; valid details are kept and the waiting payment goes through Nium', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
    const creator = await addCreator(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json().requires_info).toBe(1);
    const link = await latestLink(creator.email);

    const bad = await submit(link, {
      ...jonas,
      abroad: { ...jonas.abroad, fields: { ...jonas.abroad.fields, iban: 'DE89 3704 0044 0532 0130 01' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'IBAN is not valid: check the digits', field: 'abroad.fields.iban' });
    const missing = await submit(link, {
      ...jonas,
      abroad: { ...jonas.abroad, fields: { account_holder_name: 'Jonas Weber', iban: jonas.abroad.fields.iban } },
    });
    expect(missing.json()).toMatchObject({ message: 'BIC (SWIFT code) is required', field: 'abroad.fields.bic' });
    expect((await inject('GET', `/v1/creators/${creator.id}/abroad`, owner.headers)).json()).toBeNull();
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('requires_info');

    const sent = await submit(link, jonas);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ amount: draft!.amount, selected_payment_method: 'nium' });
    expect((await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json()).toMatchObject({
      selected_payment_method: 'nium',
      first_name: 'Jonas',
      last_name: 'Weber',
    });
    expect((await inject('GET', `/v1/creators/${creator.id}/abroad`, owner.headers)).json()).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      last4: { iban: '3000' },
    });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('processing');
    const abroad = (await inject('GET', `/v1/payments/${draft!.id}/abroad`, owner.headers)).json();
    expect(abroad).toMatchObject({ destination_currency: 'EUR', source_amount: draft!.amount });
    expect((await submit(link, jonas)).statusCode).toBe(410);
  });

  it("answers the country and currency of the organisation's payees abroad for a list, and nobody else's", async () => {
    const owner = await fundedOwner(ctx.app, 0);
    const other = await fundedOwner(ctx.app, 0);
    const home = await addCreator(ctx.app, owner.headers);
    const abroad = await addCreator(ctx.app, owner.headers);
    const elsewhere = await addCreator(ctx.app, other.headers);
    for (const [headers, id] of [
      [owner.headers, abroad.id],
      [other.headers, elsewhere.id],
    ] as const)
      expect((await inject('PUT', `/v1/creators/${id}/abroad`, headers, CORRIDOR_PAYEES.JP)).statusCode).toBe(200);
    const listed = await inject('GET', `/v1/nium/payees?ids=${[home.id, abroad.id, elsewhere.id].join(',')}`, owner.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([{ payee_id: abroad.id, country: 'JP', currency: 'JPY' }]);
    const bad = await inject('GET', '/v1/nium/payees?ids=nope', owner.headers);
    expect(bad.statusCode).toBe(400);
  });
});
