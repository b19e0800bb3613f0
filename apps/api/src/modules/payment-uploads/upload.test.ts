import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages, moneyMessages, paymentRowMessages, paymentUploadMessages, scheduleMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { addCreator } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector, uploadPayments } from '../../../test/payment-fixtures.ts';
import { paymentSchedules, payments } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const upload = (path: 'preview' | 'commit', headers: Headers, csv: string, key?: string) =>
  uploadPayments(ctx.app, path, headers, csv, key);
const draftsOf = async (orgId: string) =>
  (
    await ctx.deps.db.execute<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM payments WHERE org_id = ${orgId} AND status = 'draft' AND parent_payment_id IS NULL`,
    )
  ).rows[0]!.count;
const day = async (days: number) => new Date((await sandboxNow(ctx.deps.db)).getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('payments CSV upload', () => {
  it('answers each row error with the New Payment form’s message, on its row and column, and writes nothing', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = [
      'recipient,amount,earnings,split,memo,campaign,execute_on',
      `${creator.email},12.50,,,May,,`,
      `nobody@example.com,10,,,May,,`,
      `${creator.email},,,,May,,`,
      `${creator.email},abc,,,May,,`,
      `${creator.email},,100,150,May,,`,
      `${creator.email},,100,33.333,May,,`,
      `${creator.email},10,,,A memo far too long,,`,
      `${creator.email},0.50,,,May,,`,
      `${creator.email},10,,,May,Unknown campaign,`,
      `${creator.email},10,,,May,,2001-01-01`,
      `${creator.email},10,,,May,,not a day`,
      `${creator.email},10,20,,May,,`,
      `,10,,,May,,`,
    ].join('\n');
    const preview = await upload('preview', owner.headers, csv);
    expect(preview.statusCode, preview.body).toBe(200);
    const expected = [
      { row: 3, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 4, column: 'earnings', message: paymentRowMessages.noAmount },
      { row: 5, column: 'amount', message: moneyMessages.wholeCents },
      { row: 6, column: 'split', message: paymentRowMessages.split },
      { row: 7, column: 'split', message: paymentRowMessages.splitDecimals },
      { row: 8, column: 'memo', message: paymentRowMessages.memo(ctx.deps.config.paymentLimits.memo_max_length) },
      { row: 9, column: 'amount', message: paymentRowMessages.minAmount(ctx.deps.config.paymentLimits.min_amount) },
      { row: 10, column: 'campaign', message: campaignMessages.notFound },
      { row: 11, column: 'execute_on', message: scheduleMessages.pastDate },
      { row: 12, column: 'execute_on', message: scheduleMessages.executeOn },
      { row: 13, column: 'amount', message: paymentUploadMessages.amountOrEarnings },
      { row: 14, column: 'recipient', message: paymentRowMessages.noRecipient },
    ];
    expect(preview.json()).toEqual({ total: 13, valid: 1, amount: 1_250, estimated: false, scheduled: 0, errors: expected });

    const refused = await upload('commit', owner.headers, csv, 'errors-1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: paymentRowMessages.rowIssues, row_errors: expected });
    expect(await draftsOf(owner.org.id)).toBe(0);
  });

  it('creates exactly one draft per row of a clean file, with its campaign and its schedule', async () => {
    const owner = await fundedOwner(ctx.app);
    const creators = await Promise.all([1, 2, 3].map(() => addCreator(ctx.app, owner.headers, BANK)));
    const campaign = await addCampaign(ctx.app, owner.headers, { title: 'Summer drop' });
    const executeOn = await day(3);
    const csv = [
      'Recipient,Amount,Earnings,Split,Memo,Campaign,Execute_on',
      `${creators[0]!.email.toUpperCase()},"1,200.00",,,June,,`,
      `${creators[1]!.id},,500,50%,June,summer drop,${executeOn}`,
      `${creators[2]!.email},$7.25,,,June,${campaign.id},`,
    ].join('\r\n');
    const preview = (await upload('preview', owner.headers, csv)).json();
    expect(preview).toEqual({ total: 3, valid: 3, amount: 120_000 + 25_000 + 725, estimated: false, scheduled: 1, errors: [] });

    const answer = await upload('commit', owner.headers, csv, 'clean-1');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: paymentUploadMessages.created(3), created: 3, payments: 3, scheduled: 1 });
    const rows = await ctx.deps.db.select().from(payments).where(eq(payments.org_id, owner.org.id)).orderBy(payments.amount);
    expect(rows.map((row) => [row.recipient, row.amount, row.earnings, Number(row.split), row.payment_group_id, row.status])).toEqual([
      [creators[2]!.id, 725, 725, 100, campaign.id, 'draft'],
      [creators[1]!.id, 25_000, 50_000, 50, campaign.id, 'draft'],
      [creators[0]!.id, 120_000, 120_000, 100, null, 'draft'],
    ]);
    expect(rows.every((row) => row.created_by_user_id === owner.user.id)).toBe(true);
    const schedules = await ctx.deps.db.select().from(paymentSchedules).where(eq(paymentSchedules.org_id, owner.org.id));
    expect(schedules.map((row) => [row.payment_id, row.starts_on, row.frequency, row.status])).toEqual([
      [rows[1]!.id, executeOn, 'once', 'active'],
    ]);
  });

  it('creates the drafts once when the same commit is sent twice, and twice at the same time', async () => {
    const owner = await fundedOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const csv = ['recipient,amount,memo', ...Array.from({ length: 5 }, (_, index) => `${creator.email},${index + 10},May`)].join('\n');
    const first = await upload('commit', owner.headers, csv, 'twice-1');
    const again = await upload('commit', owner.headers, csv, 'twice-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await draftsOf(owner.org.id)).toBe(5);

    const parallel = await Promise.all([1, 2, 3].map(() => upload('commit', owner.headers, csv, 'parallel-1')));
    expect(parallel.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(parallel.map((response) => response.json().created)).toEqual([5, 5, 5]);
    expect(await draftsOf(owner.org.id)).toBe(10);

    const reused = await upload('commit', owner.headers, csv.replace('May', 'June'), 'twice-1');
    expect(reused.statusCode).toBe(409);
    expect(await draftsOf(owner.org.id)).toBe(10);
  });

  it('refuses another organisation’s recipients and campaigns as row errors, naming nothing of theirs', async () => {
    const owner = await fundedOwner(ctx.app);
    const other = await fundedOwner(ctx.app);
    const theirs = await addCreator(ctx.app, other.headers, { ...BANK, first_name: 'Secret', last_name: 'Person' });
    const theirCampaign = await addCampaign(ctx.app, other.headers, { title: 'Their launch' });
    const csv = [
      'recipient,amount,campaign',
      `${theirs.email},10,`,
      `${theirs.id},10,`,
      `${theirs.email},10,${theirCampaign.id}`,
      `${theirs.email},10,Their launch`,
    ].join('\n');
    const preview = await upload('preview', owner.headers, csv);
    expect(preview.json().errors).toEqual([
      { row: 2, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 3, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 4, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 4, column: 'campaign', message: campaignMessages.notFound },
      { row: 5, column: 'recipient', message: paymentRowMessages.unknownRecipient },
      { row: 5, column: 'campaign', message: campaignMessages.notFound },
    ]);
    expect(preview.body).not.toContain('Secret');
    expect((await upload('commit', owner.headers, csv, 'foreign-1')).statusCode).toBe(400);
    const written = await ctx.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.recipient, theirs.id)));
    expect(written).toEqual([]);
    expect((await inject('GET', '/v1/payments', other.headers)).json().data).toEqual([]);
  });
});
