import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, taxFilingMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { upgradePlan } from '../../../test/fixtures.ts';
import { validateFireFile } from '../../../test/fire-file.ts';
import { createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { payAndPost, readPdf, taxableCreator } from '../../../test/tax-fixtures.ts';
import { advanceClock, createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const THIS_YEAR = new Date().getUTCFullYear();
const setTcc = (headers: Headers, body: object) => inject('PUT', '/v1/taxes/filing_settings', headers, body);
const filing = (headers: Headers, year: number | string = THIS_YEAR) => inject('GET', `/v1/taxes/${year}/filing`, headers);

/** Withholding as the payments module books it (kept back from the amount paid), set on a posted payment. */
async function withhold(paymentId: string, cents: { state?: number; federal?: number }) {
  await ctx.deps.db.execute(
    sql`UPDATE payments SET state_withholdings = ${cents.state ?? 0}, federal_withholdings = ${cents.federal ?? 0},
      amount = amount - ${(cents.state ?? 0) + (cents.federal ?? 0)} WHERE id = ${paymentId}`,
  );
}

describe('the IRS filing file (FIRE, Publication 1220)', () => {
  it('files 25 payees in 750-byte records with the TCC, amounts in cents, and C/K/F totals', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    await upgradePlan(ctx.app, owner.headers);
    expect((await setTcc(owner.headers, { tcc: '08a1z', state_number: '123-4567' })).json()).toEqual({
      tcc: '08A1Z',
      state_number: '123-4567',
    });
    const creators = [];
    for (let index = 0; index < 25; index += 1)
      creators.push(
        await taxableCreator(ctx, owner.headers, {
          first_name: `Payee${index}`,
          last_name: 'Fire',
          state_tax_id: `1000000${String(index).padStart(2, '0')}`,
        }),
      );
    const drafts = await createDrafts(
      ctx.app,
      owner.headers,
      creators.map((creator, index) => paymentRow(creator.id, 250_000 + index)),
    );
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: drafts.map((draft) => draft.id) })).statusCode).toBe(200);
    await advanceClock(ctx.app, 61);
    // Payee 0: backup withholding (box 4) and California tax (box 5); payee 1: federal only.
    await withhold(drafts[0]!.id, { federal: 60_000, state: 16_500 });
    await withhold(drafts[1]!.id, { federal: 60_000 });

    const response = await filing(owner.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=us-ascii');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="IRS-1099-NEC-${THIS_YEAR}.txt"`);
    const records = validateFireFile(response.rawPayload, { year: THIS_YEAR, tcc: '08A1Z' });
    expect(records).toHaveLength(1 + 1 + 25 + 1 + 1 + 1);

    // Positions straight from the publication, read off the raw lines.
    const [t, a] = records.map((record) => record.line);
    expect(t!.slice(15, 20)).toBe('08A1Z');
    expect(t!.slice(6, 15)).toBe('123456789');
    expect(t!.slice(295, 303)).toBe('00000025');
    expect(a!.slice(25, 27)).toBe('NE');
    expect(a!.slice(27, 45).trimEnd()).toBe('14');
    expect(a![5]).toBe('1');
    const b0 = records.find((record) => record.type === 'B' && record.line.slice(11, 20) === '100000000')!.line;
    expect(b0.slice(1, 5)).toBe(String(THIS_YEAR));
    expect(b0[10]).toBe('2');
    expect(b0.slice(54, 66)).toBe('000000250000');
    expect(b0.slice(90, 102)).toBe('000000060000');
    expect(b0.slice(287, 327).trimEnd()).toBe('PAYEE0 FIRE');
    expect(b0.slice(367, 407).trimEnd()).toBe('742 EVERGREEN TERRACE');
    expect(b0.slice(722, 734)).toBe('000000016500');
    expect(b0.slice(746, 748)).toBe('06');
    const c = records.find((record) => record.type === 'C')!.line;
    const boxOne = 25 * 250_000 + (24 * 25) / 2;
    expect(c.slice(1, 9)).toBe('00000025');
    expect(c.slice(15, 33)).toBe(String(boxOne).padStart(18, '0'));
    expect(c.slice(69, 87)).toBe(String(120_000).padStart(18, '0'));
    const k = records.find((record) => record.type === 'K')!.line;
    expect(k.slice(1, 9)).toBe('00000001');
    expect(k.slice(706, 724)).toBe(String(16_500).padStart(18, '0'));
    expect(k.slice(746, 748)).toBe('06');
    const f = records.at(-1)!.line;
    expect(f.slice(1, 9)).toBe('00000001');
    expect(f.slice(9, 30)).toBe('0'.repeat(21));
    expect(f.slice(499, 507)).toBe(String(records.length).padStart(8, '0'));
  });

  it('prints the state copy fields (boxes 5-7) on a 1099-NEC only where a state was withheld', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    await setTcc(owner.headers, { tcc: 'AB123', state_number: '987-6543' });
    const withheld = await taxableCreator(ctx, owner.headers, { first_name: 'Stella', last_name: 'State' });
    const plain = await taxableCreator(ctx, owner.headers, { first_name: 'Ned', last_name: 'None' });
    const [payment] = await payAndPost(ctx, owner.headers, withheld.id, [300_000]);
    await payAndPost(ctx, owner.headers, plain.id, [300_000]);
    await withhold(payment!, { state: 19_800, federal: 72_000 });
    const pdfOf = async (id: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v1/taxes',
        headers: { ...owner.headers, accept: 'application/pdf' },
        payload: { year: THIS_YEAR, method: 'download', userIds: [id] },
      });
      expect(response.statusCode, response.body).toBe(200);
      return readPdf(response.rawPayload, id).text;
    };
    const stateCopy = await pdfOf(withheld.id);
    expect(stateCopy).toMatch(/5 State tax withheld\s+6 State\/Payer's state no\.\s+7 State income/);
    expect(stateCopy).toContain('198.00');
    expect(stateCopy).toContain('CA / 987-6543');
    expect(stateCopy).toContain('720.00');
    const federalOnly = await pdfOf(plain.id);
    expect(federalOnly).toContain('5 State tax withheld');
    expect(federalOnly).not.toContain('987-6543');
    expect(federalOnly.match(/3,000\.00/g)).toHaveLength(1);
  });
});

describe('IRS filing: access and validation', () => {
  it('lets owners set the TCC, owners and admins download, and refuses members, keys and the signed-out', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const creator = await taxableCreator(ctx, owner.headers);
    await payAndPost(ctx, owner.headers, creator.id, [250_000]);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    const refusedSet = await setTcc(collaborator.headers, { tcc: 'AB123' });
    expect(refusedSet.statusCode).toBe(403);
    expect((await filing(collaborator.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/v1/taxes/filing_settings', collaborator.headers)).statusCode).toBe(403);
    expect((await filing({})).statusCode).toBe(401);
    expect((await setTcc({}, { tcc: 'AB123' })).statusCode).toBe(401);

    // No TCC yet: nothing the IRS would take is made.
    const noTcc = await filing(owner.headers);
    expect(noTcc.statusCode).toBe(409);
    expect(noTcc.json().message).toBe(taxFilingMessages.tccMissing);

    const key = (await inject('POST', '/v1/org_api_token', owner.headers, { scopes: ['read'] })).json().key;
    const keyHeaders = { authorization: `Bearer ${key}` };
    const keySet = await setTcc(keyHeaders, { tcc: 'AB123' });
    expect(keySet.statusCode).toBe(403);
    expect(keySet.json().message).toBe(apiKeyMessages.notForKeys);

    expect((await setTcc(owner.headers, { tcc: 'ab123' })).json()).toEqual({ tcc: 'AB123', state_number: '' });
    expect((await inject('GET', '/v1/taxes/filing_settings', owner.headers)).json()).toEqual({ tcc: 'AB123', state_number: '' });
    expect((await filing(owner.headers)).statusCode).toBe(200);
    // The file holds every payee's full TIN and a download records what was filed: never a key's,
    // even with the read scope (api-key-rules).
    const keyFiling = await filing(keyHeaders);
    expect(keyFiling.statusCode).toBe(403);
    expect(keyFiling.json().message).toBe(apiKeyMessages.notForKeys);
    const corrections = await inject('GET', `/v1/taxes/${THIS_YEAR}/corrections/file`, keyHeaders);
    expect(corrections.statusCode).toBe(403);
    expect(corrections.json().message).toBe(apiKeyMessages.notForKeys);
  });

  it("never files another organization's payees and answers its own settings only", async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const other = await fundedOwner(ctx.app, 1_000_000);
    await setTcc(owner.headers, { tcc: 'MINE1' });
    await setTcc(other.headers, { tcc: 'THEM1' });
    const mine = await taxableCreator(ctx, owner.headers, { state_tax_id: '111111111' });
    const theirs = await taxableCreator(ctx, other.headers, { state_tax_id: '222222222' });
    await payAndPost(ctx, owner.headers, mine.id, [250_000]);
    await payAndPost(ctx, other.headers, theirs.id, [250_000]);
    const records = validateFireFile((await filing(owner.headers)).rawPayload, { year: THIS_YEAR, tcc: 'MINE1' });
    expect(records.filter((record) => record.type === 'B').map((record) => record.fields.payee_tin)).toEqual(['111111111']);
    expect((await inject('GET', '/v1/taxes/filing_settings', owner.headers)).json().tcc).toBe('MINE1');
  });

  it('refuses a malformed TCC or state number and a year out of range, and a year with no one to file', async () => {
    const owner = await fundedOwner(ctx.app, 0);
    for (const tcc of ['ABC', 'ABCDEF', 'AB!12', 12345, null, '']) {
      const response = await setTcc(owner.headers, { tcc });
      expect(response.statusCode, JSON.stringify(tcc)).toBe(400);
      expect(response.json().message).toBe(taxFilingMessages.tcc);
    }
    for (const state_number of ['has space', 'x'.repeat(21)]) {
      const response = await setTcc(owner.headers, { tcc: 'AB123', state_number });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(taxFilingMessages.stateNumber);
    }
    expect((await setTcc(owner.headers, { tcc: 'AB123' })).statusCode).toBe(200);
    const range = 'Tax years run from the current year down to 2022';
    const years: [string, string][] = [
      ['2021', range],
      [String(THIS_YEAR + 1), range],
      ['1e308', range],
      ['-1', range],
      ['abc', 'Choose a tax year'],
    ];
    for (const [year, message] of years) {
      // A path parameter out of range names no year there is, as a bad id names no record: 404.
      const response = await filing(owner.headers, year);
      expect(response.statusCode, year).toBe(404);
      expect(response.json().message).toBe(message);
    }
    const empty = await filing(owner.headers, 2022);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('None of the chosen users can receive a tax document for this year');
  });
});
