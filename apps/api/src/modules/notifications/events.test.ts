import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, readOutbox } from '../../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../../test/payment-fixtures.ts';
import { advanceClock, createCollaborator, linkVerifiedBank } from '../../../test/wallet-fixtures.ts';
import { emails } from '../../db/schema/index.ts';
import { notificationFor } from './event-texts.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
type Listed = { id: string; text: string; link: string | null };
const listed = async (headers: Headers) => (await injector(ctx.app)('GET', '/v1/notifications', headers)).json<Listed[]>();
const emailsTo = (to: string) => ctx.deps.db.select().from(emails).where(eq(emails.to, to));
const choose = (headers: Headers, email_events: string[]) =>
  injector(ctx.app)('PUT', '/v1/notification_preferences', headers, { email_events });

describe('notifications follow from domain events', () => {
  it('tells of a verified bank and arrived funds, and emails only the member who chose that kind', async () => {
    const inject = injector(ctx.app);
    const owner = await fundedOwner(ctx.app, 0);
    const colleague = await createCollaborator(ctx.deps, owner.org.id);
    expect((await choose(owner.headers, ['bank.funds_arrived'])).statusCode).toBe(200);
    const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
    const debit = await inject(
      'POST',
      '/v1/treasury/ach_debit',
      { ...owner.headers, 'idempotency-key': 'notify-funds-1' },
      { amount: 50_000, payment_method: paymentMethod },
    );
    expect(debit.statusCode, debit.body).toBe(200);
    await advanceClock(ctx.app, 61);

    for (const viewer of [owner, colleague]) {
      const texts = (await listed(viewer.headers)).map(({ text, link }) => ({ text, link }));
      expect(texts).toEqual(
        expect.arrayContaining([
          { text: 'Your bank account was verified: you can now add funds', link: '/wallets' },
          { text: '$500.00 arrived in your wallet', link: '/wallets' },
        ]),
      );
    }
    const ownerEmails = (await emailsTo(owner.user.email)).filter((email) => email.subject === '$500.00 arrived in your wallet');
    expect(ownerEmails).toHaveLength(1);
    expect(ownerEmails[0]!.links[0]).toMatch(/\/wallets$/);
    // Verified bank was not chosen; the colleague chose nothing.
    expect((await emailsTo(owner.user.email)).some((email) => email.subject.startsWith('Your bank account was verified'))).toBe(false);
    expect((await emailsTo(colleague.user.email)).filter((email) => email.subject.includes('arrived'))).toEqual([]);
  });

  it('tells of posted and failed payments with a link to each payment, emailing the chosen kinds', async () => {
    const inject = injector(ctx.app);
    const owner = await fundedOwner(ctx.app, 100_000);
    expect((await choose(owner.headers, ['payment.failed'])).statusCode).toBe(200);
    const paid = await addCreator(ctx.app, owner.headers, BANK);
    const failing = await addCreator(ctx.app, owner.headers, { account_number: '000111111116', routing_number: '110000000' });
    const [good, bad] = await createDrafts(ctx.app, owner.headers, [paymentRow(paid.id, 25_000), paymentRow(failing.id)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [good!.id, bad!.id] });
    await advanceClock(ctx.app, 61);

    const list = await listed(owner.headers);
    expect(list).toEqual(
      expect.arrayContaining([
        // The payee is named: whom the money went to, not only how much.
        expect.objectContaining({
          text: `A payment of $${(good!.amount / 100).toFixed(2)} to Casey Creator was posted`,
          link: `/payments/${good!.id}`,
        }),
        expect.objectContaining({
          text: expect.stringMatching(/^A payment of \$[\d,.]+ to Casey Creator failed$/),
          link: `/payments/${bad!.id}`,
        }),
      ]),
    );
    const subjects = (await emailsTo(owner.user.email)).map((email) => email.subject);
    expect(subjects.filter((subject) => / failed$/.test(subject))).toHaveLength(1);
    expect(subjects.filter((subject) => / was posted$/.test(subject))).toEqual([]);
  });

  it('tells the organisation when a payee gives their payout details through their link', async () => {
    const inject = injector(ctx.app);
    const owner = await fundedOwner(ctx.app, 100_000);
    expect((await choose(owner.headers, ['payee.details_provided'])).statusCode).toBe(200);
    const creator = await addCreator(ctx.app, owner.headers, { first_name: 'Pat', last_name: 'Payee' });
    const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 30_000)]);
    await inject('PUT', '/v1/payments/initiate', owner.headers, { ids: [draft!.id] });
    const email = (await readOutbox(ctx.app)).filter((item) => item.to === creator.email).at(-1)!;
    const linkId = email.links[0]!.split('/bankDetails?id=')[1]!;
    const given = await ctx.app.inject({
      method: 'POST',
      url: `/v1/expiring_link?id=${linkId}`,
      payload: {
        selected_payment_method: 'stripe',
        ...BANK,
        entity_type: 'individual',
        tax_id: '123456789',
        first_name: 'Pat',
        last_name: 'Payee',
        date_of_birth: '1990-04-01',
        address: { line_1: '1 Main St', line_2: '', city: 'Austin', state: 'TX', zip: '78701' },
      },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await listed(owner.headers)).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: 'Pat Payee gave their payout details', link: `/creators/${creator.id}` })]),
    );
    expect((await emailsTo(owner.user.email)).map((item) => item.subject)).toContain('Pat Payee gave their payout details');
  });

  it('gives each event kind its text and link, contracts and invoices included', () => {
    const id = '8d0f5a8e-3c1e-4a51-9a55-5a0f0c7b2b11';
    const at = (type: string, data: Record<string, unknown>) => notificationFor({ org_id: id, type, data });
    expect(at('contract.signed', { contract_id: id })).toEqual({ text: 'A contract was signed', link: `/contracts/${id}` });
    expect(at('contract.signed', { contract_id: id, contract_name: 'Spring deal' })?.text).toBe('Contract "Spring deal" was signed');
    expect(at('invoice.paid', { invoice_id: id, amount: 125_000 })).toEqual({
      text: 'An invoice of $1,250.00 was paid',
      link: `/invoices/${id}`,
    });
    expect(at('payment.returned', { id, amount: 2_500 })).toEqual({ text: 'A payment of $25.00 was returned', link: `/payments/${id}` });
    expect(at('payment.posted', { id, amount: 120_000, recipient_name: 'Jane Doe' })?.text).toBe(
      'A payment of $1,200.00 to Jane Doe was posted',
    );
    expect(at('billing.plan_charged', { amount: 24_900, period: '2026-12' })).toEqual({
      text: 'Your Premium plan was charged $249.00 for December 2026',
      link: '/settings?tab=billing',
    });
    expect(at('billing.delinquent', {})?.link).toBe('/wallets');
    expect(at('payee.details_provided', { payee_type: 'user', payee_id: id, name: 'Ann Agent' })).toEqual({
      text: 'Ann Agent gave their payout details',
      link: `/agentsManagers/${id}`,
    });
    expect(at('webhook.test', {})).toBeNull();
  });
});
