import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { addCreatorWithEmail, individualUpdate, portalAgent, portalCreator, portalValidationCases } from '../../../test/portal-fixtures.ts';
import { payoutDetailChanges, users } from '../../db/schema/index.ts';

/** Agents and managers (user payees) in the portal: their own Payment Details card, as a creator's. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const userRow = async (id: string) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const businessUpdate = (extra: object = {}) => ({
  ...individualUpdate(),
  entity_type: 'llc_partnership',
  business_name: 'Avery Partners',
  tax_id: '12-3456789',
  ...extra,
});

describe('an agent or manager in the portal', () => {
  it('sees their organisation and one Payment Details record, and saves bank, tax and address details masked', async () => {
    const owner = await createOwner(ctx.app, { orgName: 'Agency Org' });
    const agent = await portalAgent(ctx.app, owner.headers);

    const orgs = (await call('GET', '/v1/orgs', agent.headers)).json();
    expect(orgs.map((org: { name: string }) => org.name)).toEqual(['Agency Org']);
    const records = (await call('GET', '/v1/creators/user', agent.headers)).json();
    expect(records).toEqual([
      expect.objectContaining({
        id: agent.id,
        payee_roles: ['agent'],
        org_name: 'Agency Org',
        first_name: 'Avery',
        account_number: null,
        tax_id: null,
        entity_type: null,
      }),
    ]);

    const saved = await call('PUT', `/v1/creators/user/${agent.id}`, agent.headers, businessUpdate());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      id: agent.id,
      payee_roles: ['agent'],
      entity_type: 'llc_partnership',
      business_name: 'Avery Partners',
      account_number_last4: '6789',
      routing_number_last4: '0000',
      address_city: 'Austin',
    });
    expect(saved.json().account_number).toMatch(/^tok_/);
    expect(saved.json().routing_number).toMatch(/^tok_/);
    expect(saved.json().tax_id).toMatch(/^tok_/);
    expect(saved.body).not.toContain('000123456789');
    expect(saved.body).not.toContain('123456789"');

    const row = await userRow(agent.id);
    expect(ctx.deps.secrets.decrypt(row.account_number!)).toBe('000123456789');
    expect(ctx.deps.secrets.decrypt(row.state_tax_id!)).toBe('123456789');
    expect(row).toMatchObject({ legal_entity_type: 'llc_partnership', address_state: 'TX', selected_payment_method: 'stripe' });
    const changes = await ctx.deps.db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.payee_id, agent.id));
    expect(changes).toEqual([expect.objectContaining({ source: 'portal', payee_type: 'user', changed_by_user_id: agent.id })]);
  });

  it('keeps the stored secrets for tok_ values, and switches to PayPal where the organisation offers it', async () => {
    const owner = await createOwner(ctx.app);
    await ctx.deps.db.execute(`UPDATE orgs SET paypal_enabled = true WHERE id = '${owner.org.id}'`);
    const manager = await portalAgent(ctx.app, owner.headers, { is_agent: false, is_manager: true });
    const first = (await call('PUT', `/v1/creators/user/${manager.id}`, manager.headers, individualUpdate())).json();
    expect(first).toMatchObject({ payee_roles: ['manager'], entity_type: 'individual', date_of_birth: '1990-04-01' });
    const before = await userRow(manager.id);

    const again = await call('PUT', `/v1/creators/user/${manager.id}`, manager.headers, {
      ...individualUpdate({ account_number: first.account_number, routing_number: first.routing_number, tax_id: first.tax_id }),
      address: { line_1: '9 Elm St', line_2: '', city: 'Dallas', state: 'TX', zip: '75201' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = await userRow(manager.id);
    expect([after.account_number, after.routing_number, after.state_tax_id]).toEqual([
      before.account_number,
      before.routing_number,
      before.state_tax_id,
    ]);
    expect(after.address_line_1).toBe('9 Elm St');

    const paypal = await call(
      'PUT',
      `/v1/creators/user/${manager.id}`,
      manager.headers,
      individualUpdate({ selected_payment_method: 'paypal', paypal_email: 'avery@example.com', tax_id: first.tax_id }),
    );
    expect(paypal.statusCode, paypal.body).toBe(200);
    expect(paypal.json()).toMatchObject({ selected_payment_method: 'paypal', paypal_email: 'avery@example.com', account_number: null });
    expect((await userRow(manager.id)).account_number).toBeNull();
  });

  it('sees a creator record and an agent record side by side when the same person is both', async () => {
    const agency = await createOwner(ctx.app, { orgName: 'Zed Agency' });
    const studio = await createOwner(ctx.app, { orgName: 'Alpha Studio' });
    const agent = await portalAgent(ctx.app, agency.headers, { is_agent: true, is_manager: true });
    const asCreator = await addCreatorWithEmail(ctx.app, studio.headers, agent.email);
    expect(asCreator.user_id).toBe(agent.id);

    const records = (await call('GET', '/v1/creators/user', agent.headers)).json();
    expect(records.map((r: { id: string; org_name: string; payee_roles: string[] }) => [r.id, r.org_name, r.payee_roles])).toEqual([
      [asCreator.id, 'Alpha Studio', ['creator']],
      [agent.id, 'Zed Agency', ['agent', 'manager']],
    ]);
    expect((await call('GET', '/v1/orgs', agent.headers)).json().map((org: { name: string }) => org.name)).toEqual([
      'Alpha Studio',
      'Zed Agency',
    ]);
  });

  it("refuses another agent's, another creator's and another organisation's ids, and staff agents", async () => {
    const owner = await createOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const otherAgent = await portalAgent(ctx.app, owner.headers);
    const creator = await portalCreator(ctx.app, owner.headers);
    const other = await createOwner(ctx.app);
    const strangerAgent = await portalAgent(ctx.app, other.headers);
    const strangerCreator = await addCreator(ctx.app, other.headers);

    for (const id of [otherAgent.id, creator.id, strangerAgent.id, strangerCreator.id, owner.user.id]) {
      const response = await call('PUT', `/v1/creators/user/${id}`, agent.headers, individualUpdate());
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('Creator not found');
    }
    expect((await userRow(otherAgent.id)).account_number).toBeNull();
    // The creator does not reach the agent's account either.
    expect((await call('PUT', `/v1/creators/user/${agent.id}`, creator.headers, individualUpdate())).statusCode).toBe(404);
    expect((await call('GET', '/v1/creators/user', creator.headers)).json().map((r: { id: string }) => r.id)).toEqual([creator.id]);
    // Staff (a member may also be an agent) are refused the portal's calls.
    expect((await call('PUT', `/v1/creators/user/${agent.id}`, owner.headers, individualUpdate())).statusCode).toBe(403);
  });

  it('starts the payments waiting for their payout details, and the home shows them first', async () => {
    const owner = await fundedOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(agent.id, 5_000, { recipient_role: 'agent' })]);
    expect((await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] })).json().requires_info).toBe(1);
    const home = (await call('GET', '/v1/portal/home', agent.headers)).json();
    expect(home).toMatchObject({ payments: 1, pending: draft!.amount });
    expect(home.todos).toEqual([
      expect.objectContaining({ todoType: 'Payment needs payout method', id: draft!.id, link: expect.stringContaining(owner.org.id) }),
    ]);

    expect((await call('PUT', `/v1/creators/user/${agent.id}`, agent.headers, individualUpdate())).statusCode).toBe(200);
    const page = (await call('GET', '/v1/portal/payments', agent.headers)).json();
    expect(page.data).toEqual([expect.objectContaining({ id: draft!.id, status: 'processing' })]);
    expect((await call('GET', '/v1/portal/home', agent.headers)).json().todos).toEqual([]);
  });

  it.each(portalValidationCases)('refuses %s with its message', async (_name, change, message) => {
    const owner = await createOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const response = await call('PUT', `/v1/creators/user/${agent.id}`, agent.headers, individualUpdate(change));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
