import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { portalCreator } from '../../../test/portal-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const today = () => new Date().toISOString().slice(0, 10);

describe("the payee's payment history and statement", () => {
  it('lists payments with the payer and campaign by name, and downloads a CSV statement of a date range', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await portalCreator(ctx.app, owner.headers, BANK);
    const customer = await inject('POST', '/v1/customers', owner.headers, { name: 'Acme Brand', email: 'acme-statement@example.com' });
    const campaign = await inject('POST', '/v1/campaigns', owner.headers, { title: 'Spring launch', customer_id: customer.json().id });
    const [first, second] = await createDrafts(ctx.app, owner.headers, [
      paymentRow(creator.id, 25_000, { memo: 'June reel', payment_group_id: campaign.json().id }),
      paymentRow(creator.id, 10_000, { memo: 'Story' }),
    ]);
    expect((await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [first!.id, second!.id] })).statusCode).toBe(200);
    await advanceClock(ctx.app, 61);

    const page = (await inject('GET', '/v1/portal/payments', creator.headers)).json();
    expect(page.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: first!.id, campaign_title: 'Spring launch', org_name: expect.any(String) })]),
    );

    const { org_name: orgName } = page.data[0];
    const statement = await inject('GET', `/v1/portal/payments/statement?from=2000-01-01&to=2099-12-31`, creator.headers);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.headers['content-type']).toContain('text/csv');
    expect(statement.headers['content-disposition']).toBe('attachment; filename="payment-statement-2000-01-01-to-2099-12-31.csv"');
    const lines = statement.body.trim().split('\r\n');
    expect(lines[0]).toBe('Date,Payer,Campaign,Memo,Status,Amount,Reference');
    expect(lines.some((line) => line.includes(`${orgName},Spring launch,June reel,Posted,`))).toBe(true);
    expect(lines.some((line) => line.includes(`${orgName},,Story,Posted,`))).toBe(true);
    expect(lines.at(-1)).toBe(`Total received (posted),,,,,${formatCents(first!.amount + second!.amount)},`);
    // No raw ids, and dates as people write them.
    expect(statement.body).not.toContain(first!.id);
    expect(statement.body).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // A range without payments has the header and a zero total; a range ending before it starts is refused.
    const empty = await inject('GET', '/v1/portal/payments/statement?from=2000-01-01&to=2000-01-31', creator.headers);
    expect(empty.body.trim().split('\r\n')).toEqual([
      'Date,Payer,Campaign,Memo,Status,Amount,Reference',
      '',
      'Total received (posted),,,,,$0.00,',
    ]);
    const backwards = await inject('GET', `/v1/portal/payments/statement?from=${today()}&to=2000-01-01`, creator.headers);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The end of the range is before its start');
    expect((await inject('GET', '/v1/portal/payments/statement?from=nope&to=2000-01-01', creator.headers)).statusCode).toBe(400);
    // Staff and strangers get no statement.
    expect((await inject('GET', '/v1/portal/payments/statement?from=2000-01-01&to=2099-12-31', owner.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/v1/portal/payments/statement?from=2000-01-01&to=2099-12-31', {})).statusCode).toBe(401);
  });
});
