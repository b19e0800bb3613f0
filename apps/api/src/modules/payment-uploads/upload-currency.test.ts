import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentRowMessages, payoutAbroadMessages, sourceForMinor } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreatorAbroad, CORRIDOR_PAYEES } from '../../../test/abroad-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, uploadPayments } from '../../../test/payment-fixtures.ts';
import { payments } from '../../db/schema/index.ts';
import { niumSandboxRate } from '../../providers/payouts/nium-sandbox-rates.ts';

/** The payments CSV's currency column (issue 43): a row in its payee's currency, checked as New Payment checks it. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const upload = (path: 'preview' | 'commit', headers: Headers, csv: string, key?: string) =>
  uploadPayments(ctx.app, path, headers, csv, key);
/** The US cents that buy `amount` of `currency` at the sandbox's net rate: the estimate POST /v1/payments gives. */
const usdFor = (amount: number, currency: string) =>
  sourceForMinor(amount, { from: 'USD', to: currency, rate: String(niumSandboxRate('USD', currency)!.netExchangeRate) });
const paymentsOf = (orgId: string) =>
  ctx.deps.db
    .select({
      recipient: payments.recipient,
      amount: payments.amount,
      earnings: payments.earnings,
      amount_currency: payments.amount_currency,
      currency_amount: payments.currency_amount,
      status: payments.status,
    })
    .from(payments)
    .where(eq(payments.org_id, orgId))
    .orderBy(payments.amount);

describe('payments CSV upload: the currency column', () => {
  it('creates rows in the payee’s currency (any case) with the USD estimate New Payment gives; the preview’s total says it is an estimate', async () => {
    const owner = await fundedOwner(ctx.app);
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const jp = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.JP);
    const home = await addCreator(ctx.app, owner.headers, BANK);
    const csv = [
      'recipient,amount,earnings,split,currency,memo',
      `${gb.email},250.00,,,gbp,June`,
      `${jp.email},"1,500",,,JPY,June`,
      `${jp.email},,3000,50,jpy,June`,
      `${home.email},10.00,,,,June`,
      `${gb.email},12.50,,,USD,June`,
    ].join('\n');
    const expected = {
      gbp: usdFor(25_000, 'GBP'),
      jpy: usdFor(1_500, 'JPY'),
    };
    // ¥1,500 is about $10, not $1,500.00 or $15.00: the yen amount is read without decimals.
    expect(expected.jpy).toBeGreaterThan(900);
    expect(expected.jpy).toBeLessThan(1_100);

    const preview = await upload('preview', owner.headers, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      total: 5,
      valid: 5,
      amount: expected.gbp + 2 * expected.jpy + 1_000 + 1_250,
      estimated: true,
      scheduled: 0,
      errors: [],
    });

    const answer = await upload('commit', owner.headers, csv, 'currency-1');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ created: 5, payments: 5 });
    const rows = await paymentsOf(owner.org.id);
    expect(rows).toEqual(
      expect.arrayContaining([
        {
          recipient: gb.id,
          amount: expected.gbp,
          earnings: expected.gbp,
          amount_currency: 'GBP',
          currency_amount: 25_000,
          status: 'draft',
        },
        { recipient: jp.id, amount: expected.jpy, earnings: expected.jpy, amount_currency: 'JPY', currency_amount: 1_500, status: 'draft' },
        // Earnings of ¥3,000 at a 50% split: the payee receives ¥1,500.
        {
          recipient: jp.id,
          amount: expected.jpy,
          earnings: usdFor(3_000, 'JPY'),
          amount_currency: 'JPY',
          currency_amount: 1_500,
          status: 'draft',
        },
        { recipient: home.id, amount: 1_000, earnings: 1_000, amount_currency: 'USD', currency_amount: null, status: 'draft' },
        { recipient: gb.id, amount: 1_250, earnings: 1_250, amount_currency: 'USD', currency_amount: null, status: 'draft' },
      ]),
    );
    expect(rows).toHaveLength(5);
  });

  it('refuses decimals a currency does not have, a currency the payee is not paid in, and another organisation’s payee, on their row and column', async () => {
    const owner = await fundedOwner(ctx.app);
    const other = await fundedOwner(ctx.app);
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const jp = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.JP);
    const home = await addCreator(ctx.app, owner.headers, BANK);
    const theirs = await addCreatorAbroad(ctx.app, other.headers, CORRIDOR_PAYEES.GB);
    const csv = [
      'recipient,amount,currency,memo',
      `${jp.email},1500.5,JPY,June`,
      `${home.email},100.00,GBP,June`,
      `${gb.email},100.00,EUR,June`,
      `${gb.email},100.00,POUNDS,June`,
      `${gb.email},100.005,GBP,June`,
      `${theirs.email},100.00,GBP,June`,
      `${gb.email},900000000.00,GBP,June`,
      `${gb.email},100.00,XYZ,June`,
      `${gb.email},100.00, gbp ,June`,
      `${gb.email},-5,GBP,June`,
      `${gb.email},1e400,GBP,June`,
      `${gb.email},99999999999999999999999,GBP,June`,
    ].join('\n');
    const errors = [
      { row: 2, column: 'amount', message: payoutAbroadMessages.amountDecimals('JPY') },
      { row: 3, column: 'currency', message: payoutAbroadMessages.amountCurrency(null) },
      { row: 4, column: 'currency', message: payoutAbroadMessages.amountCurrency('GBP') },
      { row: 5, column: 'currency', message: "Amount currency must be USD or the payee's currency" },
      { row: 6, column: 'amount', message: payoutAbroadMessages.amountDecimals('GBP') },
      { row: 7, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 8, column: 'amount', message: payoutAbroadMessages.amountTooLarge('GBP', '$1,000,000,000.00') },
      { row: 9, column: 'currency', message: payoutAbroadMessages.amountCurrency('GBP') },
      // No amount at all is not a matter of decimals.
      { row: 11, column: 'amount', message: 'Enter an amount in GBP, a number like 1,250.50' },
      { row: 12, column: 'amount', message: 'Enter an amount in GBP, a number like 1,250.50' },
      { row: 13, column: 'amount', message: 'Enter an amount in GBP, a number like 1,250.50' },
    ];
    expect(errors.map((error) => error.message)).toContain('Enter an amount in JPY without decimals');
    expect(errors.map((error) => error.message)).toContain('Amount currency must be USD: this payee is paid in US dollars');

    const preview = await upload('preview', owner.headers, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ total: 12, valid: 1, amount: usdFor(10_000, 'GBP'), estimated: true, scheduled: 0, errors });
    expect(preview.body).not.toContain(theirs.id);

    const refused = await upload('commit', owner.headers, csv, 'currency-refused-1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: paymentRowMessages.rowIssues, row_errors: errors });
    const written = await ctx.deps.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM payments WHERE org_id IN (${owner.org.id}, ${other.org.id})`,
    );
    expect(written.rows[0]!.count).toBe(0);
  });

  it('keeps a file without a currency column in USD, its total no estimate', async () => {
    const owner = await fundedOwner(ctx.app);
    const gb = await addCreatorAbroad(ctx.app, owner.headers, CORRIDOR_PAYEES.GB);
    const preview = await upload('preview', owner.headers, ['recipient,amount', `${gb.email},25.00`].join('\n'));
    expect(preview.json()).toEqual({ total: 1, valid: 1, amount: 2_500, estimated: false, scheduled: 0, errors: [] });
  });
});
