import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { uniqueEmail } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { addCreatorWithEmail, creatorSignsIn, portalCreator } from '../../../test/portal-fixtures.ts';
import { payAndPost, readPdf, setPaymentDates, TAX_PROFILE } from '../../../test/tax-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

describe("the creator portal's tax documents", () => {
  it('lists the forms the organisation issued to the creator and downloads their own PDF, nobody else’s', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const email = uniqueEmail('taxed');
    const creator = await addCreatorWithEmail(ctx.app, owner.headers, email, { ...BANK, first_name: 'Nora', last_name: 'Nec' });
    const profile = await injector(ctx.app)('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, ...TAX_PROFILE });
    expect(profile.statusCode, profile.body).toBe(200);
    const [paid] = await payAndPost(ctx, owner.headers, creator.id, [70_000]);
    await setPaymentDates(ctx, paid!, { posted: '2025-06-01T12:00:00Z' });
    const headers = await creatorSignsIn(ctx.app, email);
    const pdfUrl = (year: number, id = creator.id) => `/v1/portal/tax_documents/${id}/${year}/pdf`;

    // Nothing before the organisation generates the year's forms.
    expect((await get('/v1/portal/tax_documents', headers)).json()).toEqual([]);
    expect((await get(pdfUrl(2025), headers)).statusCode).toBe(404);

    const run = await ctx.app.inject({
      method: 'POST',
      url: '/v1/taxes',
      headers: owner.headers,
      payload: { year: 2025, method: 'email', userIds: [creator.id] },
    });
    expect(run.json()).toMatchObject({ status: 'succeeded', generated: [{ id: creator.id }] });
    const list = await get('/v1/portal/tax_documents', headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      { creator_id: creator.id, org_name: 'Acme Creators', year: 2025, form: '1099-NEC', compensation: 70_000 },
    ]);

    const pdf = await get(pdfUrl(2025), headers);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="2025-Form-1099-NEC.pdf"');
    const { text } = readPdf(pdf.rawPayload, 'portal-1099');
    expect(text).toContain('Form 1099-NEC');
    expect(text).toContain('Nora Nec');
    expect(text).toContain('700.00');
    expect(text).toContain('***-**-6789');
    expect(text).not.toContain('123456789');
    // A year the organisation issued nothing for.
    expect((await get(pdfUrl(2024), headers)).statusCode).toBe(404);

    // Another creator of the same organisation: an empty list, and the first creator's form is a 404.
    const other = await portalCreator(ctx.app, owner.headers);
    expect((await get('/v1/portal/tax_documents', other.headers)).json()).toEqual([]);
    expect((await get(pdfUrl(2025), other.headers)).statusCode).toBe(404);
    // Staff use the organisation's Taxes page; no session is refused; an id or a year that is not one reads as an unknown form.
    expect((await get('/v1/portal/tax_documents', owner.headers)).statusCode).toBe(403);
    expect((await get(pdfUrl(2025), {})).statusCode).toBe(401);
    expect((await get(pdfUrl(2025, 'nope'), headers)).statusCode).toBe(404);
    expect((await get('/v1/portal/tax_documents/' + creator.id + '/twenty/pdf', headers)).statusCode).toBe(404);
  });
});
