import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { CORRIDOR_PAYEES } from '../../../test/abroad-fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow as row } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

/**
 * A payee abroad in the creator portal: their bank details abroad given and changed through
 * PUT /v1/creators/user/{id}/abroad (the payee link's rules), their payouts' statuses, and Nium's
 * question on their own payout answered; nobody else's read or answered.
 */
let ctx: TestContext;
beforeAll(async () => {
  // Nium's statuses come one third of the ACH delay apart: 20 s each.
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const steps = async (count: number) => {
  for (let i = 0; i < count; i += 1) expect((await advanceClock(ctx.app, 21)).statusCode).toBe(200);
};

/** What the portal's form sends: the corridor's details, who they are, their address abroad. */
const submission = (details: { country: string; method: string; fields: Record<string, string> }, marker = '') => ({
  selected_payment_method: 'nium',
  abroad: { ...details, fields: { ...details.fields, account_holder_name: `${details.fields.account_holder_name}${marker}` } },
  entity_type: 'individual',
  first_name: 'Ravi',
  last_name: 'Kumar',
  tax_id: '',
  address: { line_1: '12 MG Road', line_2: '', city: 'Bengaluru', region: '', postal_code: '560001' },
});

async function executeQuoted(headers: Headers, ids: string[]) {
  const quotes = (await inject('POST', '/v1/payments/initiate/quotes', headers, { ids })).json().quotes;
  const executed = await inject('PUT', '/v1/payments/initiate', headers, {
    ids,
    quote_ids: quotes.map((q: { quote_id: string }) => q.quote_id),
  });
  expect(executed.statusCode, executed.body).toBe(200);
}

describe('a payee abroad in the portal', () => {
  it('gives bank details abroad (checked like the payee link), and the payment waiting for them starts through Nium', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const payee = await portalCreator(ctx.app, owner.headers);
    expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(payee.id, 10_000)]);
    const waiting = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(waiting.json()).toMatchObject({ requires_info: 1 });
    const url = `/v1/creators/user/${payee.id}/abroad`;
    expect((await inject('GET', url, payee.headers)).json()).toBeNull();

    const badIban = await inject('PUT', url, payee.headers, {
      ...submission(CORRIDOR_PAYEES.DE),
      abroad: { ...CORRIDOR_PAYEES.DE, fields: { ...CORRIDOR_PAYEES.DE.fields, iban: 'DE00 3704 0044 0532 0130 00' } },
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ field: 'abroad.fields.iban' });
    const noIfsc = await inject('PUT', url, payee.headers, {
      ...submission(CORRIDOR_PAYEES.IN),
      abroad: { country: 'IN', method: 'bank_account', fields: { account_holder_name: 'Ravi Kumar', account_number: '123456789012' } },
    });
    expect(noIfsc.statusCode).toBe(400);
    expect(noIfsc.json().field).toBe('abroad.fields.ifsc');
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('requires_info');

    const saved = await inject('PUT', url, payee.headers, submission(CORRIDOR_PAYEES.IN));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ country: 'IN', currency: 'INR', last4: { ifsc: '0058', account_number: '9012' } });
    expect(saved.body).not.toContain('123456789012');
    expect((await inject('GET', url, payee.headers)).json()).toMatchObject({ country: 'IN' });
    // The owner sees the change and the payment on its way through Nium.
    expect((await inject('GET', `/v1/creators/${payee.id}/abroad`, owner.headers)).json()).toMatchObject({
      country: 'IN',
      currency: 'INR',
    });
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('processing');
    const mine = (await inject('GET', '/v1/portal/payouts-abroad', payee.headers)).json();
    // Started by the payee's details, with nobody to confirm a quote: quoted before it was sent, never unquoted.
    expect(mine).toEqual([
      expect.objectContaining({
        payment_id: draft!.id,
        destination_currency: 'INR',
        rate: expect.any(String),
        destination_amount: expect.any(Number),
      }),
    ]);

    // Changed later: the new details, still checked.
    const changed = await inject('PUT', url, payee.headers, submission(CORRIDOR_PAYEES.GB));
    expect(changed.json()).toMatchObject({ country: 'GB', currency: 'GBP' });
  });

  it("answers Nium's question on the payee's own payout; another payee can neither read nor answer it", async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const payee = await portalCreator(ctx.app, owner.headers);
    const other = await portalCreator(ctx.app, owner.headers);
    expect(
      (await inject('PUT', `/v1/creators/user/${payee.id}/abroad`, payee.headers, submission(CORRIDOR_PAYEES.IN, ' (rfi)'))).statusCode,
    ).toBe(200);
    // Another payee cannot set or read details on a record not theirs.
    expect((await inject('GET', `/v1/creators/user/${payee.id}/abroad`, other.headers)).statusCode).toBe(404);
    expect((await inject('PUT', `/v1/creators/user/${payee.id}/abroad`, other.headers, submission(CORRIDOR_PAYEES.GB))).statusCode).toBe(
      404,
    );
    expect((await inject('GET', `/v1/creators/${payee.id}/abroad`, owner.headers)).json().country).toBe('IN');

    expect((await inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
    const [draft] = await createDrafts(ctx.app, owner.headers, [row(payee.id, 10_000)]);
    await executeQuoted(owner.headers, [draft!.id]);
    await steps(1);
    const [held] = (await inject('GET', '/v1/portal/payouts-abroad', payee.headers)).json();
    expect(held).toMatchObject({ payment_id: draft!.id, status: 'rfi_requested' });
    expect(held.rfis).toEqual([expect.objectContaining({ status: 'RFI_REQUESTED', fields: ['firstName'] })]);
    const answer = { rfi_id: held.rfis[0].rfi_id, info: { firstName: 'Ravi' } };

    expect((await inject('GET', '/v1/portal/payouts-abroad', other.headers)).json()).toEqual([]);
    const theirs = await inject('POST', `/v1/portal/payments/${draft!.id}/rfi`, other.headers, answer);
    expect(theirs.statusCode).toBe(404);
    expect((await inject('GET', `/v1/payments/${draft!.id}/abroad`, owner.headers)).json().status).toBe('rfi_requested');

    const answered = await inject('POST', `/v1/portal/payments/${draft!.id}/rfi`, payee.headers, answer);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().rfis[0].status).toBe('RFI_RESPONDED');
    const again = await inject('POST', `/v1/portal/payments/${draft!.id}/rfi`, payee.headers, answer);
    expect(again.statusCode).toBe(409);
    await steps(4);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('succeeded');
  });
});
