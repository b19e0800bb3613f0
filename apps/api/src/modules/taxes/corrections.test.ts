import { beforeAll, describe, expect, it } from 'vitest';
import { taxCorrectionMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { validateFireFile } from '../../../test/fire-file.ts';
import { fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { payAndPost, readPdf, setPaymentDates, taxableCreator } from '../../../test/tax-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const THIS_YEAR = new Date().getUTCFullYear();
const get = (headers: Headers, path: string) => inject('GET', `/v1/taxes/${THIS_YEAR}${path}`, headers);
const payeeRecords = (body: Buffer, tcc: string) =>
  validateFireFile(body, { year: THIS_YEAR, tcc }).filter((record) => record.type === 'B');

/** An owner with a TCC who filed the year's 1099s for Rita ($3,000 + $1,000) and Carl ($2,500). */
async function filedYear() {
  const owner = await fundedOwner(ctx.app, 10_000_000);
  expect((await inject('PUT', '/v1/taxes/filing_settings', owner.headers, { tcc: 'CORR1' })).statusCode).toBe(200);
  const rita = await taxableCreator(ctx, owner.headers, { first_name: 'Rita', last_name: 'Returned', state_tax_id: '333224444' });
  const carl = await taxableCreator(ctx, owner.headers, { first_name: 'Carl', last_name: 'Constant', state_tax_id: '555667777' });
  const [kept, toReturn] = await payAndPost(ctx, owner.headers, rita.id, [300_000, 100_000]);
  await payAndPost(ctx, owner.headers, carl.id, [250_000]);
  const original = await get(owner.headers, '/filing');
  expect(original.statusCode, original.body).toBe(200);
  return { owner, rita, carl, kept: kept!, toReturn: toReturn!, original: original.rawPayload };
}

describe('corrections after a filing', () => {
  it('lists a returned payment as a correction, prints a CORRECTED 1099-NEC and files a G record once', async () => {
    const { owner, rita, toReturn, original } = await filedYear();
    expect((await get(owner.headers, '/corrections')).json()).toEqual({ year: THIS_YEAR, data: [] });

    // Rita's $1,000 payment comes back after the filing.
    await setPaymentDates(ctx, toReturn, { posted: `${THIS_YEAR}-01-05T12:00:00Z`, returned: `${THIS_YEAR}-01-20T12:00:00Z` });
    const list = (await get(owner.headers, '/corrections')).json();
    expect(list.data).toEqual([
      {
        id: rita.id,
        name: 'Rita Returned',
        filed: { compensation: 400_000, federal_withheld: 0, state_withheld: 0 },
        current: { compensation: 300_000, federal_withheld: 0, state_withheld: 0 },
      },
    ]);

    const pdf = await get(owner.headers, '/corrections/pdf');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = readPdf(pdf.rawPayload, 'corrected');
    expect(text).toMatch(/CORRECTED \(if checked\)\s+\[X\]/);
    expect(text).toContain('Rita Returned');
    expect(text).toContain('3,000.00');
    expect(text).not.toContain('Carl Constant');

    const file = await get(owner.headers, '/corrections/file');
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="IRS-1099-NEC-${THIS_YEAR}-corrections.txt"`);
    const [corrected, ...others] = payeeRecords(file.rawPayload, 'CORR1');
    expect(others).toEqual([]);
    expect(corrected!.fields).toMatchObject({ corrected_return_indicator: 'G', payee_tin: '333224444', payment_amount_1: '000000300000' });
    expect(corrected!.line[5]).toBe('G');

    // Filed: nothing is pending, a second correction file has nothing to carry, the CORRECTED form stays printable.
    expect((await get(owner.headers, '/corrections')).json().data).toEqual([]);
    const again = await get(owner.headers, '/corrections/file');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(taxCorrectionMessages.none);
    expect((await get(owner.headers, '/corrections/pdf')).statusCode).toBe(200);

    // The original file is the same on a second download: what the IRS has from it does not move.
    const originalAgain = await get(owner.headers, '/filing');
    expect(originalAgain.rawPayload.equals(original)).toBe(true);
    expect(payeeRecords(original, 'CORR1').map((record) => [record.fields.payee_tin, record.fields.payment_amount_1])).toEqual(
      expect.arrayContaining([
        ['333224444', '000000400000'],
        ['555667777', '000000250000'],
      ]),
    );
  });

  it('files a changed amount down to zero when the year is returned in full', async () => {
    const { owner, rita, kept, toReturn } = await filedYear();
    for (const id of [kept, toReturn])
      await setPaymentDates(ctx, id, { posted: `${THIS_YEAR}-01-05T12:00:00Z`, returned: `${THIS_YEAR}-01-20T12:00:00Z` });
    const list = (await get(owner.headers, '/corrections')).json();
    expect(list.data.map((entry: { id: string; current: object }) => [entry.id, entry.current])).toEqual([
      [rita.id, { compensation: 0, federal_withheld: 0, state_withheld: 0 }],
    ]);
    const [record] = payeeRecords((await get(owner.headers, '/corrections/file')).rawPayload, 'CORR1');
    expect(record!.fields.payment_amount_1).toBe('000000000000');
  });
});

describe('corrections: access and validation', () => {
  it("is for owners and admins of the organization only, and never shows another organization's filings", async () => {
    const { owner, toReturn } = await filedYear();
    await setPaymentDates(ctx, toReturn, { posted: `${THIS_YEAR}-01-05T12:00:00Z`, returned: `${THIS_YEAR}-01-20T12:00:00Z` });
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    for (const path of ['/corrections', '/corrections/pdf', '/corrections/file']) {
      expect((await get(collaborator.headers, path)).statusCode, path).toBe(403);
      expect((await get({}, path)).statusCode, path).toBe(401);
    }
    const other = await fundedOwner(ctx.app, 0);
    await inject('PUT', '/v1/taxes/filing_settings', other.headers, { tcc: 'OTHR1' });
    expect((await get(other.headers, '/corrections')).json().data).toEqual([]);
    expect((await get(other.headers, '/corrections/file')).statusCode).toBe(409);
    expect((await get(other.headers, '/corrections/pdf')).statusCode).toBe(409);
    expect((await get(owner.headers, '/corrections')).json().data).toHaveLength(1);
    for (const year of ['2021', String(THIS_YEAR + 1), 'x'])
      expect((await inject('GET', `/v1/taxes/${year}/corrections`, owner.headers)).statusCode, year).toBe(404);
  });
});
