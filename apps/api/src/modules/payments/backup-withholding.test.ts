import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { BANK, fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { TAX_PROFILE, payAndPost, readPdf, taxableCreator } from '../../../test/tax-fixtures.ts';
import { w8benForm, w9Form } from '../../../test/tax-form-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const THIS_YEAR = new Date().getUTCFullYear();
// 24% of $10,123.45 is $2,429.628: rounded half-up to the cent, $2,429.63.
const EARNINGS = 1_012_345;
const WITHHELD = 242_963;

/** A portal creator with a bank account, a TIN and address on file, who signs `form` in the portal. */
async function creatorWithForm(headers: Headers, form: object) {
  const creator = await portalCreator(ctx.app, headers, BANK);
  expect((await inject('PUT', `/v1/creators/${creator.id}`, headers, { id: creator.id, ...TAX_PROFILE })).statusCode).toBe(200);
  const signed = await inject('POST', `/v1/portal/tax_forms/${creator.id}`, creator.headers, form);
  expect(signed.statusCode, signed.body).toBe(200);
  return creator;
}

describe('backup withholding at execution', () => {
  it('is off by default: a payee without a W-9 is paid in full', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    expect((await inject('GET', '/v1/taxes/backup_withholding', owner.headers)).json()).toEqual({ enabled: false, rate: 24 });
    const creator = await taxableCreator(ctx, owner.headers);
    const [paid] = await payAndPost(ctx, owner.headers, creator.id, [EARNINGS]);
    expect((await inject('GET', `/v1/payments/${paid}`, owner.headers)).json()).toMatchObject({
      amount: EARNINGS,
      federal_withholdings: 0,
    });
    expect((await inject('PUT', '/v1/taxes/backup_withholding', owner.headers, { enabled: 'yes' })).statusCode).toBe(400);
  });

  it('withholds 24% exactly when no W-9 is on file, shows it on the payment and in box 4, and keeps the books balanced', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const turnedOn = await inject('PUT', '/v1/taxes/backup_withholding', owner.headers, { enabled: true });
    expect(turnedOn.json()).toEqual({ enabled: true, rate: 24 });
    const withW9 = await creatorWithForm(owner.headers, w9Form());
    const foreign = await creatorWithForm(owner.headers, w8benForm());
    const withoutW9 = await taxableCreator(ctx, owner.headers, { first_name: 'Bea', last_name: 'Backup' });

    const [certified] = await payAndPost(ctx, owner.headers, withW9.id, [EARNINGS]);
    const [foreignPaid] = await payAndPost(ctx, owner.headers, foreign.id, [EARNINGS]);
    const [withheld] = await payAndPost(ctx, owner.headers, withoutW9.id, [EARNINGS]);

    expect((await inject('GET', `/v1/payments/${certified}`, owner.headers)).json()).toMatchObject({
      amount: EARNINGS,
      federal_withholdings: 0,
    });
    expect((await inject('GET', `/v1/payments/${foreignPaid}`, owner.headers)).json()).toMatchObject({
      amount: EARNINGS,
      federal_withholdings: 0,
    });
    expect((await inject('GET', `/v1/payments/${withheld}`, owner.headers)).json()).toMatchObject({
      status: 'succeeded',
      amount: EARNINGS - WITHHELD,
      federal_withholdings: WITHHELD,
    });
    expect((await inject('GET', `/v1/payments/${withheld}/backup_withholding`, owner.headers)).json()).toEqual({
      rate: 24,
      amount: WITHHELD,
    });
    expect((await inject('GET', `/v1/payments/${certified}/backup_withholding`, owner.headers)).json()).toBeNull();
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);

    const form = await ctx.app.inject({
      method: 'POST',
      url: '/v1/taxes',
      headers: { ...owner.headers, accept: 'application/pdf' },
      payload: { year: THIS_YEAR, method: 'download', userIds: [withoutW9.id] },
    });
    expect(form.statusCode, form.body).toBe(200);
    const text = readPdf(form.rawPayload, 'backup-1099').text;
    expect(text).toContain('4 Federal income tax withheld');
    expect(text).toContain('2,429.63');
    expect(text).toContain('10,123.45');

    const foreignList = await inject('GET', `/v1/taxes/foreign_payees?year=${THIS_YEAR}`, owner.headers);
    expect(foreignList.json()).toEqual([{ payee_id: foreign.id, name: 'Benoit Huit', form_type: 'w8ben', country: 'FR', paid: EARNINGS }]);
  });

  it("is the owners' switch, and each organisation sees only its own payments and payees", async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const creator = await creatorWithForm(owner.headers, w8benForm());
    await payAndPost(ctx, owner.headers, creator.id, [EARNINGS]);
    const stranger = await fundedOwner(ctx.app, 0);
    expect((await inject('GET', `/v1/taxes/foreign_payees?year=${THIS_YEAR}`, stranger.headers)).json()).toEqual([]);
    expect((await inject('GET', `/v1/taxes/foreign_payees?year=abc`, owner.headers)).statusCode).toBe(400);
    expect((await inject('PUT', '/v1/taxes/backup_withholding', creator.headers, { enabled: true })).statusCode).toBe(403);
  });

  it("gives a W-8 payee no 1099-NEC (a 1042-S payee), and takes a W-9 payee's TIN from the signed form when none was entered", async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const foreign = await creatorWithForm(owner.headers, w8benForm());
    // The creator's own record has an address but no TIN: only the signed W-9 carries it.
    const certified = await portalCreator(ctx.app, owner.headers, BANK);
    const { state_tax_id: _tin, ...address } = TAX_PROFILE;
    expect((await inject('PUT', `/v1/creators/${certified.id}`, owner.headers, { id: certified.id, ...address })).statusCode).toBe(200);
    const signed = await inject(
      'POST',
      `/v1/portal/tax_forms/${certified.id}`,
      certified.headers,
      w9Form({ tin_type: 'ein', tin: '12-3456780' }),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    await payAndPost(ctx, owner.headers, foreign.id, [EARNINGS]);
    await payAndPost(ctx, owner.headers, certified.id, [EARNINGS]);

    const run = await ctx.app.inject({
      method: 'POST',
      url: '/v1/taxes',
      headers: { ...owner.headers, accept: 'application/json' },
      payload: { year: THIS_YEAR, method: 'download', userIds: [foreign.id, certified.id] },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().skipped).toEqual([expect.objectContaining({ id: foreign.id, reasons: ['foreign_payee'] })]);
    expect(run.json().generated).toEqual([expect.objectContaining({ id: certified.id, form: '1099-NEC', compensation: EARNINGS })]);
    const pdf = await inject('GET', `/v1/taxes/runs/${run.json().id}/pdf`, owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(readPdf(pdf.rawPayload, 'w9-tin').text).toContain('**-***6780');
  });
});
