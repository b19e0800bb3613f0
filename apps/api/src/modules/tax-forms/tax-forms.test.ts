import { beforeAll, describe, expect, it } from 'vitest';
import { tinMessages, w9Certification } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner } from '../../../test/fixtures.ts';
import { fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { readPdf } from '../../../test/tax-fixtures.ts';
import { payeeLinkOf, w8benForm, w9Form } from '../../../test/tax-form-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const signByLink = (linkId: string, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/expiring_link/tax_forms?id=${linkId}`,
    payload,
    headers: { 'user-agent': 'PayeeBrowser/1.0' },
  });
/** pdftotext -layout spreads a paragraph over lines and columns: compare on single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('certified tax forms through the payee link', () => {
  it('signs a W-9: the sealed PDF prints the fields, the certification and the e-signature, for owners only', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Wanda', last_name: 'Nine' });
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);

    const signed = await signByLink(linkId, w9Form());
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ form_type: 'w9', status: 'active', tin_last4: '6789', signer_name: 'Wanda Nine' });
    expect((await ctx.app.inject({ method: 'GET', url: `/v1/expiring_link?id=${linkId}` })).statusCode).toBe(200);

    const listed = await inject('GET', `/v1/creators/${creator.id}/tax_forms`, owner.headers);
    expect(listed.json()).toEqual([expect.objectContaining({ id: signed.json().id, payee_id: creator.id })]);
    const pdf = await inject('GET', `/v1/tax_forms/${signed.json().id}/pdf`, owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = flat(readPdf(pdf.rawPayload, 'w9').text);
    for (const expected of [
      'Form W-9',
      'Wanda Nine',
      'Individual/sole proprietor',
      '123-45-6789',
      'Austin, TX 78701',
      '/s/ Wanda Nine',
      'PayeeBrowser/1.0',
    ])
      expect(text).toContain(expected);
    expect(text).toContain(flat(w9Certification[1]));
  });

  it('signs a W-8BEN with its treaty claim', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    const signed = await signByLink(linkId, w8benForm());
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ form_type: 'w8ben', tin_last4: null });
    const pdf = await inject('GET', `/v1/tax_forms/${signed.json().id}/pdf`, owner.headers);
    const text = flat(readPdf(pdf.rawPayload, 'w8ben').text);
    for (const expected of ['Form W-8BEN', 'Benoit Huit', 'France', 'FR-1234567890', '03-14-1988', 'Article 14', 'is not a U.S. person'])
      expect(text).toContain(expected);
  });

  it('refuses an invalid TIN, a missing certification and unknown forms with their messages', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers);
    const linkId = await payeeLinkOf(ctx.app, owner.headers, creator);
    const cases: [object, string, string][] = [
      [w9Form({ tin: '666-12-3456' }), 'tin', tinMessages.ssnArea],
      [w9Form({ tin: '912-49-1234' }), 'tin', tinMessages.itinGroup],
      [w9Form({ tin_type: 'ein', tin: '07-1234567' }), 'tin', tinMessages.einPrefix],
      [w9Form({ certified: false }), 'certified', 'Tick the certification to sign the form'],
      [w8benForm({ foreign_tin: '' }), 'foreign_tin', 'Enter your foreign tax identifying number, or the reason you have none'],
      [w8benForm({ country_of_citizenship: 'US' }), 'country_of_citizenship', 'Choose a country outside the United States'],
      [{ form_type: 'w4' }, 'form_type', 'Choose the form to sign: W-9 (US person), W-8BEN or W-8BEN-E'],
      [w9Form({ name: 'x'.repeat(101), tin: 12 }), 'name', 'Must be at most 100 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const refused = await signByLink(linkId, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ field, message });
    }
    expect((await signByLink('not-a-link', w9Form())).statusCode).toBe(410);
    expect((await inject('GET', `/v1/creators/${creator.id}/tax_forms`, owner.headers)).json()).toEqual([]);
  });
});

describe('certified tax forms through the portal', () => {
  it('a new form supersedes the old one and the history stays listed; only the payee and their organisation download', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await portalCreator(ctx.app, owner.headers);
    const first = await inject('POST', `/v1/portal/tax_forms/${creator.id}`, creator.headers, w9Form());
    expect(first.statusCode, first.body).toBe(200);
    const second = await inject('POST', `/v1/portal/tax_forms/${creator.id}`, creator.headers, w8benForm());
    expect(second.statusCode, second.body).toBe(200);

    const history = (await inject('GET', '/v1/portal/tax_forms', creator.headers)).json();
    expect(history).toEqual([
      expect.objectContaining({ id: second.json().id, form_type: 'w8ben', status: 'active', superseded_by: null }),
      expect.objectContaining({ id: first.json().id, form_type: 'w9', status: 'superseded', superseded_by: second.json().id }),
    ]);
    const own = await inject('GET', `/v1/portal/tax_forms/${first.json().id}/pdf`, creator.headers);
    expect(flat(readPdf(own.rawPayload, 'portal-w9').text)).toContain('123-45-6789');

    const stranger = await createOwner(ctx.app);
    expect((await inject('GET', `/v1/tax_forms/${first.json().id}/pdf`, stranger.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/creators/${creator.id}/tax_forms`, stranger.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/v1/portal/tax_forms/${creator.id}`, stranger.headers, w9Form())).statusCode).toBe(403);
    const other = await portalCreator(ctx.app, stranger.headers);
    expect((await inject('GET', `/v1/portal/tax_forms/${first.json().id}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/v1/portal/tax_forms/${creator.id}`, other.headers, w9Form())).statusCode).toBe(404);
    expect((await inject('GET', `/v1/tax_forms/${first.json().id}/pdf`, owner.headers)).statusCode).toBe(200);
    expect((await inject('GET', '/v1/tax_forms/not-a-uuid/pdf', owner.headers)).statusCode).toBe(404);
  });
});
