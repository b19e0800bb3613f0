import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tinMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { injector } from '../../../test/payment-fixtures.ts';
import { portalAgent, portalCreator } from '../../../test/portal-fixtures.ts';
import { readPdf } from '../../../test/tax-fixtures.ts';
import { w9Form } from '../../../test/tax-form-fixtures.ts';
import { taxDeliveryConsents, taxForms } from '../../db/schema/index.ts';

/** Agents and managers (user payees) in the portal's tax details: their own record, as a creator's. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const call = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('an agent or manager signs tax forms in the portal', () => {
  it('signs a W-9 for their own record, reads it back and downloads the PDF; the organisation reads it too', async () => {
    const owner = await createOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const signed = await call('POST', `/v1/portal/tax_forms/${agent.id}`, agent.headers, w9Form({ name: 'Avery Agent' }));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ payee_id: agent.id, form_type: 'w9', status: 'active', tin_last4: '6789' });

    expect((await call('GET', '/v1/portal/tax_forms', agent.headers)).json()).toEqual([signed.json()]);
    const pdf = await call('GET', `/v1/portal/tax_forms/${signed.json().id}/pdf`, agent.headers);
    expect(pdf.statusCode).toBe(200);
    expect(flat(readPdf(pdf.rawPayload, 'portal-agent-w9').text)).toContain('123-45-6789');
    const [row] = await ctx.deps.db.select().from(taxForms).where(eq(taxForms.id, signed.json().id));
    expect(row).toMatchObject({ payee_type: 'user', payee_id: agent.id, source: 'portal' });
    expect((await call('GET', `/v1/tax_forms/${signed.json().id}/pdf`, owner.headers)).statusCode).toBe(200);
  });

  it('a manager gives then withdraws consent to electronic delivery for their own record', async () => {
    const owner = await createOwner(ctx.app);
    const manager = await portalAgent(ctx.app, owner.headers, { is_agent: false, is_manager: true });
    const url = `/v1/portal/tax_delivery_consent/${manager.id}`;
    const given = await call('POST', url, manager.headers, { consented: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ payee_id: manager.id, consented: true, source: 'portal' });
    expect((await call('GET', '/v1/portal/tax_delivery_consents', manager.headers)).json()).toEqual([given.json()]);
    expect((await call('POST', url, manager.headers, { consented: false })).json()).toMatchObject({ consented: false });
    const history = await ctx.deps.db.select().from(taxDeliveryConsents).where(eq(taxDeliveryConsents.payee_id, manager.id));
    expect(history.map((consent) => [consent.payee_type, consent.consented]).sort()).toEqual([
      ['user', false],
      ['user', true],
    ]);
  });

  it("refuses another person's and another organisation's ids both ways, and never lists them", async () => {
    const owner = await createOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const creator = await portalCreator(ctx.app, owner.headers);
    const other = await createOwner(ctx.app);
    const strangerAgent = await portalAgent(ctx.app, other.headers);
    const strangerCreator = await addCreator(ctx.app, other.headers);
    const agentForm = (await call('POST', `/v1/portal/tax_forms/${agent.id}`, agent.headers, w9Form())).json();
    const creatorForm = (await call('POST', `/v1/portal/tax_forms/${creator.id}`, creator.headers, w9Form())).json();
    expect([agentForm.payee_id, creatorForm.payee_id]).toEqual([agent.id, creator.id]);

    for (const id of [creator.id, strangerAgent.id, strangerCreator.id, owner.user.id]) {
      const signed = await call('POST', `/v1/portal/tax_forms/${id}`, agent.headers, w9Form());
      expect(signed.statusCode, id).toBe(404);
      expect(signed.json().message).toBe('Creator not found');
      expect((await call('POST', `/v1/portal/tax_delivery_consent/${id}`, agent.headers, { consented: true })).statusCode, id).toBe(404);
    }
    expect((await call('POST', `/v1/portal/tax_forms/${agent.id}`, creator.headers, w9Form())).statusCode).toBe(404);
    expect((await call('POST', `/v1/portal/tax_delivery_consent/${agent.id}`, creator.headers, { consented: true })).statusCode).toBe(404);
    expect((await call('GET', `/v1/portal/tax_forms/${agentForm.id}/pdf`, creator.headers)).statusCode).toBe(404);
    expect((await call('GET', `/v1/portal/tax_forms/${creatorForm.id}/pdf`, agent.headers)).statusCode).toBe(404);
    expect((await call('GET', `/v1/portal/tax_forms/${agentForm.id}/pdf`, strangerAgent.headers)).statusCode).toBe(404);
    expect((await call('GET', '/v1/portal/tax_forms', creator.headers)).json()).toEqual([creatorForm]);
    expect((await call('GET', '/v1/portal/tax_forms', strangerAgent.headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/portal/tax_delivery_consents', strangerAgent.headers)).json()).toEqual([]);
    // Staff of the organisation are refused the portal's calls, the owner included.
    expect((await call('POST', `/v1/portal/tax_forms/${agent.id}`, owner.headers, w9Form())).statusCode).toBe(403);
  });

  it('refuses bad input with its message, and stores nothing', async () => {
    const owner = await createOwner(ctx.app);
    const agent = await portalAgent(ctx.app, owner.headers);
    const badTin = await call('POST', `/v1/portal/tax_forms/${agent.id}`, agent.headers, w9Form({ tin: '000-12-3456' }));
    expect(badTin.statusCode, badTin.body).toBe(400);
    expect(badTin.body).toContain(tinMessages.ssnArea);
    for (const body of [{}, { form_type: 'w4' }, w9Form({ certified: false })]) {
      expect((await call('POST', `/v1/portal/tax_forms/${agent.id}`, agent.headers, body)).statusCode).toBe(400);
    }
    expect((await call('POST', `/v1/portal/tax_delivery_consent/${agent.id}`, agent.headers, { consented: 'yes' })).statusCode).toBe(400);
    expect((await call('POST', '/v1/portal/tax_forms/not-a-uuid', agent.headers, w9Form())).statusCode).toBe(404);
    expect((await call('GET', '/v1/portal/tax_forms/not-a-uuid/pdf', agent.headers)).statusCode).toBe(404);
    expect((await call('GET', '/v1/portal/tax_forms', agent.headers)).json()).toEqual([]);
    expect((await call('GET', '/v1/portal/tax_delivery_consents', agent.headers)).json()).toEqual([]);
  });
});
