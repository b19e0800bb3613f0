import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock } from '../../../test/wallet-fixtures.ts';
import { addBusinessDays } from './payee-paid.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);

describe('the payee\'s "you\'ve been paid" email', () => {
  it('tells the payee once their payout is paid: amount, payer, method, expected arrival and what it pays for', async () => {
    const owner = await fundedOwner(ctx.app, 100_000);
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const customer = await inject('POST', '/v1/customers', owner.headers, { name: 'Acme Brand', email: 'acme-brand@example.com' });
    const campaign = await inject('POST', '/v1/campaigns', owner.headers, { title: 'Spring launch', customer_id: customer.json().id });
    expect(campaign.statusCode, campaign.body).toBe(200);
    const [draft] = await createDrafts(ctx.app, owner.headers, [
      paymentRow(creator.id, 25_000, { memo: 'June reel', payment_group_id: campaign.json().id }),
    ]);
    const executed = await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    expect(executed.statusCode, executed.body).toBe(200);
    const paidEmails = async () =>
      (await readOutbox(ctx.app)).filter((email) => email.to === creator.email && email.subject.startsWith("You've been paid"));
    expect(await paidEmails()).toHaveLength(0);

    await advanceClock(ctx.app, 61);
    expect((await inject('GET', `/v1/payments/${draft!.id}`, owner.headers)).json().status).toBe('succeeded');
    const [email, ...more] = await paidEmails();
    expect(more).toHaveLength(0);
    expect(email!.subject).toMatch(/^You've been paid \$\d{1,3}(,\d{3})*\.\d{2} by /);
    for (const part of ['Amount: $', 'From: ', 'Method: Bank account', 'Expected arrival: ', 'Memo: June reel', 'Campaign: Spring launch'])
      expect(email!.text).toContain(part);
    expect(email!.text).toContain('Remittance advice');
    expect(email!.links.some((link) => link.endsWith('/creator/payments'))).toBe(true);
    // The id is not shown raw: the reference is the portal's 16 characters.
    expect(email!.text).not.toContain(draft!.id);

    // A second clock move (nothing new happens to the payment) sends nothing more.
    await advanceClock(ctx.app, 61);
    expect(await paidEmails()).toHaveLength(1);
  });

  it('counts arrival in business days, over a weekend', () => {
    // Friday Nov 27, 2026 + 1 business day is Monday Nov 30.
    expect(addBusinessDays(new Date('2026-11-27T12:00:00Z'), 1).toISOString().slice(0, 10)).toBe('2026-11-30');
    expect(addBusinessDays(new Date('2026-11-25T12:00:00Z'), 2).toISOString().slice(0, 10)).toBe('2026-11-27');
  });
});
