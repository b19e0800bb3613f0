import { beforeAll, describe, expect, it } from 'vitest';
import { payeeMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { payeeLinkOf, w9Form } from '../../../test/tax-form-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const submission = {
  selected_payment_method: 'stripe',
  account_number: '000123456789',
  routing_number: '110000000',
  entity_type: 'individual',
  tax_id: '123456789',
  first_name: 'Pat',
  last_name: 'Payee',
  date_of_birth: '1990-04-01',
  address: { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' },
};
const submit = (linkId: string) => ctx.app.inject({ method: 'POST', url: `/v1/expiring_link?id=${linkId}`, payload: submission });
const linkInfo = async (linkId: string) => (await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` })).json();

describe('the tax form before payout details: an organisation setting, off by default', () => {
  it('takes payout details without a tax form by default, and says so on the link', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    expect((await inject('GET', '/v1/org', owner.headers)).json().require_tax_form_for_payouts).toBe(false);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    expect(await linkInfo(linkId)).toMatchObject({ requires_tax_form: false });
    const answer = await submit(linkId);
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('refuses payout details without a signed form once the organisation turns it on, and takes them after the W-9', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    // Owners and admins change it; a team member may not.
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('PUT', '/v1/org', collaborator.headers, { require_tax_form_for_payouts: true })).statusCode).toBe(403);
    const turned = await inject('PUT', '/v1/org', owner.headers, { require_tax_form_for_payouts: true });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json().require_tax_form_for_payouts).toBe(true);
    expect((await inject('PUT', '/v1/org', owner.headers, { require_tax_form_for_payouts: 'yes' })).statusCode).toBe(400);

    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    expect(await linkInfo(linkId)).toMatchObject({ requires_tax_form: true });
    const refused = await submit(linkId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(payeeMessages.taxFormRequired);

    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link/tax_forms?id=${linkId}`,
      payload: w9Form({ name: 'Pat Payee', signer_name: 'Pat Payee' }),
      headers: { 'user-agent': 'PayeeBrowser/1.0' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const accepted = await submit(linkId);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
