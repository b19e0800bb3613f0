import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { addCreator, createOwner, uniqueEmail } from '../../test/fixtures.ts';
import { addCampaign, addCustomer, createMember } from '../../test/campaign-fixtures.ts';
import { sendInvoice } from '../../test/invoice-fixtures.ts';
import { createDrafts, paymentRow } from '../../test/payment-fixtures.ts';
import { portalCreator } from '../../test/portal-fixtures.ts';
import { activate } from '../../test/wallet-fixtures.ts';

/**
 * A PUT that changes nothing (`{}`, or only values equal to what is stored) answers 200 with
 * the record as it is, on every route that updates with Drizzle's .set(): it once answered 500
 * "No values to set".
 */
describe('PUT with nothing to change', () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof createOwner>>;

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = owner.headers) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** PUT `payload` to `url`: 200 and exactly what GET `readUrl` answers (nothing was written). */
  async function expectUnchanged(url: string, payload: object, readUrl = url) {
    const before = (await call('GET', readUrl)).json();
    const response = await call('PUT', url, payload);
    expect(response.statusCode, `PUT ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(200);
    expect(response.json()).toEqual(before);
    expect((await call('GET', readUrl)).json()).toEqual(before);
  }

  it('PUT /v1/invoices/{id}', async () => {
    const customer = await addCustomer(ctx.app, owner.headers);
    const invoice = await sendInvoice(ctx.app, owner.headers, { customer_id: customer.id });
    await expectUnchanged(`/v1/invoices/${invoice.id}`, {});
    // The status it already has changes nothing either.
    await expectUnchanged(`/v1/invoices/${invoice.id}`, { status: invoice.status });
  });

  it('PUT /v1/customers/{id}', async () => {
    const customer = await addCustomer(ctx.app, owner.headers);
    await expectUnchanged(`/v1/customers/${customer.id}`, {});
    await expectUnchanged(`/v1/customers/${customer.id}`, { id: customer.id });
  });

  it('PUT /v1/campaigns/{id}', async () => {
    const campaign = await addCampaign(ctx.app, owner.headers);
    await expectUnchanged(`/v1/campaigns/${campaign.id}`, {});
    await expectUnchanged(`/v1/campaigns/${campaign.id}`, { id: campaign.id });
  });

  it('PUT /v1/creators/{id}', async () => {
    const creator = await addCreator(ctx.app, owner.headers);
    await expectUnchanged(`/v1/creators/${creator.id}`, {});
    await expectUnchanged(`/v1/creators/${creator.id}`, { id: creator.id });
  });

  it('PUT /v1/users/{id} (a team member and an agent)', async () => {
    const member = await createMember(ctx.deps, owner.org.id, 'collaborator');
    await expectUnchanged(`/v1/users/${member.user.id}`, {});
    const agent = await call('POST', '/v1/users', { email: uniqueEmail('agent'), first_name: 'Ava', last_name: 'Agent', is_agent: true });
    expect(agent.statusCode, agent.body).toBe(200);
    await expectUnchanged(`/v1/users/${agent.json().id}`, {});
  });

  it('PUT /v1/org', async () => {
    await expectUnchanged('/v1/org', {});
  });

  it('PUT /v1/deliverables and PUT /v1/deliverables/{id}', async () => {
    const campaign = await addCampaign(ctx.app, owner.headers);
    const creator = await addCreator(ctx.app, owner.headers);
    const created = await call('POST', '/v1/deliverables', {
      campaign_id: campaign.id,
      creator_id: creator.id,
      description: 'One post',
      quantity: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const deliverable = created.json();
    for (const [url, payload] of [
      [`/v1/deliverables/${deliverable.id}`, {}],
      ['/v1/deliverables', { id: deliverable.id }],
    ] as const) {
      const response = await call('PUT', url, payload);
      expect(response.statusCode, `PUT ${url}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual(deliverable);
    }
  });

  it('the PUT routes whose body must carry values answer a 400 that says which, never a 500', async () => {
    const creator = await addCreator(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id)]);
    const portal = await portalCreator(ctx.app, owner.headers);
    const cases: [string, object, Record<string, string>, string][] = [
      ['/v1/payments', { id: draft!.id }, owner.headers, 'There were issues with the payments above'],
      ['/v1/notification_preferences', {}, owner.headers, 'This field is required'],
      [`/v1/creators/user/${portal.id}`, {}, portal.headers, 'Choose one of the listed options'],
      ['/v1/org/plan', {}, owner.headers, 'Only an upgrade to standard is possible'],
      ['/v1/payments/initiate', {}, owner.headers, 'Select the payments to execute'],
    ];
    for (const [url, payload, headers, message] of cases) {
      const response = await call('PUT', url, payload, headers);
      expect(response.statusCode, `PUT ${url}: ${response.body}`).toBe(400);
      expect(response.json().message, `PUT ${url}`).toBe(message);
    }
  });
});
