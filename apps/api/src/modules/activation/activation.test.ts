import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activationMessages, messages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { business, createCollaborator, representative } from '../../../test/wallet-fixtures.ts';
import { orgBusinesses, orgRepresentatives } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

const post = (url: string, headers: Record<string, string>, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

describe('POST /v1/org/owner', () => {
  it.each([
    ['an SSN of 8 digits', { ssn: '12345678' }, 'ssn', activationMessages.ssn],
    ['an SSN with letters', { ssn: '12345678a' }, 'ssn', activationMessages.ssn],
    ['a phone of 9 digits', { phone: '(415) 555-013' }, 'phone', messages.usPhone],
    ['a state outside the list', { state: 'XX' }, 'state', activationMessages.state],
    ['a zip of 4 digits', { zip_code: '9410' }, 'zip_code', activationMessages.zip],
    ['a missing first name', { first_name: '' }, 'first_name', messages.required],
    ['a missing job title', { job_title: ' ' }, 'job_title', messages.required],
    ['an unchecked terms box', { terms: false }, 'terms', activationMessages.terms],
    ['a birth date in the future', { dob: '2999-01-01' }, 'dob', activationMessages.dob],
    ['an impossible birth date', { dob: '1990-02-31' }, 'dob', activationMessages.dob],
  ])('refuses %s with the spec message', async (_case, change, field, message) => {
    const { headers } = await createOwner(ctx.app);
    const response = await post('/v1/org/owner', headers, { ...representative, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation_error', field });
  });

  it('accepts territories and DC, stores the SSN sealed and sets has_representative', async () => {
    const { headers, org } = await createOwner(ctx.app);
    const response = await post('/v1/org/owner', headers, { ...representative, state: 'PR', address2: undefined });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ has_representative: true, treasury_id: null });
    expect(response.body).not.toContain('123456789');
    const [row] = await ctx.deps.db.select().from(orgRepresentatives).where(eq(orgRepresentatives.org_id, org.id));
    expect(row).toMatchObject({ ssn_last4: '6789', phone: '+14155550134', state: 'PR' });
    expect(row!.ssn_encrypted).not.toContain('123456789');
    expect(ctx.deps.secrets.decrypt(row!.ssn_encrypted)).toBe('123456789');
    expect((await post('/v1/org/owner', headers, { ...representative, state: 'DC' })).statusCode).toBe(200);
  });

  it('refuses a collaborator', async () => {
    const { org } = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, org.id);
    const response = await post('/v1/org/owner', collaborator.headers, representative);
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /v1/org/business', () => {
  it('refuses the business before the representative', async () => {
    const { headers } = await createOwner(ctx.app);
    const response = await post('/v1/org/business', headers, business);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please tell us about the business representative first');
  });

  it.each([
    ['an EIN of 8 digits', { ein: '12-345678' }, 'ein', activationMessages.ein],
    ['a missing description', { product_description: '' }, 'product_description', messages.required],
    ['an unchecked agreement', { agreement: false }, 'agreement', activationMessages.agreement],
    ['a zip with letters', { zip_code: '9410a' }, 'zip_code', activationMessages.zip],
  ])('refuses %s with the spec message', async (_case, change, field, message) => {
    const { headers } = await createOwner(ctx.app);
    await post('/v1/org/owner', headers, representative);
    const response = await post('/v1/org/business', headers, { ...business, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'validation_error', field });
  });

  it('activates: the hyphen of the EIN is dropped, the EIN sealed, the org gets its treasury account and wallet', async () => {
    const { headers, org } = await createOwner(ctx.app);
    await post('/v1/org/owner', headers, representative);
    const response = await post('/v1/org/business', headers, business);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().treasury_id).toMatch(/^fa_[0-9a-f]{24}$/);
    const [row] = await ctx.deps.db.select().from(orgBusinesses).where(eq(orgBusinesses.org_id, org.id));
    expect(ctx.deps.secrets.decrypt(row!.ein_encrypted)).toBe('123456789');
    expect(row!.ein_last4).toBe('6789');
    const wallets = await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers });
    expect(wallets.json()).toEqual({ stripe: { id: expect.any(String), balances: [{ currency: 'usd', amount: 0 }] } });
    const again = await post('/v1/org/business', headers, business);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your account is already activated');
  });
});

describe('GET /v1/fee_schedules', () => {
  it('answers the default schedule of each fee type', async () => {
    const { headers } = await createOwner(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/v1/fee_schedules', headers });
    expect(response.statusCode).toBe(200);
    const byType = Object.fromEntries(response.json<{ type: string }[]>().map((row) => [row.type, row]));
    expect(Object.keys(byType).sort()).toEqual(['contract', 'invoice_ach', 'invoice_card', 'monthly_fee', 'outbound_payment']);
    expect(byType.invoice_card).toMatchObject({ flat_rate: 30, percentage: 2.9, cap: null });
    expect(byType.invoice_ach).toMatchObject({ flat_rate: 0, percentage: 0.8, cap: 500 });
  });
});
