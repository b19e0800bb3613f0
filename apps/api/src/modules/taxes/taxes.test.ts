import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, operatorHeaders, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, upgradePlan } from '../../../test/fixtures.ts';
import { BANK, fundedOwner, injector } from '../../../test/payment-fixtures.ts';
import { payAndPost, readPdf, setPaymentDates, taxableCreator } from '../../../test/tax-fixtures.ts';
import { answerDeliveryConsent } from '../../../test/tax-form-fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const generate = (headers: Headers, body: object, accept = 'application/json') =>
  ctx.app.inject({ method: 'POST', url: '/v1/taxes', headers: { ...headers, accept }, payload: body });
const THIS_YEAR = new Date().getUTCFullYear();

describe('1099-NEC figures come from the posted payments, less returns', () => {
  it('splits payments across the year boundary and takes a January return off the next year', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const creator = await taxableCreator(ctx, owner.headers, { first_name: 'Nora', last_name: 'Nec' });
    const [dec31, jan1, march] = await payAndPost(ctx, owner.headers, creator.id, [70_000, 35_025, 50_001]);
    // The fourth payout goes to an account that returns it (Stripe's test number), after it posts.
    await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, account_number: '000555555559' });
    const [returned] = await payAndPost(ctx, owner.headers, creator.id, [20_000]);
    await ctx.app.inject({ method: 'POST', url: '/dev/clock/advance', headers: operatorHeaders, payload: { seconds: 61 } });
    expect((await inject('GET', `/v1/payments/${returned}`, owner.headers)).json().status).toBe('returned');
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);

    await setPaymentDates(ctx, dec31!, { posted: '2024-12-31T23:59:59Z' });
    await setPaymentDates(ctx, jan1!, { posted: '2025-01-01T00:00:00Z' });
    await setPaymentDates(ctx, march!, { posted: '2025-03-01T12:00:00Z' });
    await setPaymentDates(ctx, returned!, { posted: '2024-12-20T12:00:00Z', returned: '2025-01-05T12:00:00Z' });

    const paid2024 = (await inject('GET', '/v1/taxes/users?year=2024', owner.headers)).json();
    expect(paid2024).toMatchObject({ year: 2024, total: 1 });
    expect(paid2024.data[0]).toMatchObject({ id: creator.id, name: 'Nora Nec', emailRecipient: creator.email, isW2: false, total: 90_000 });
    const paid2025 = (await inject('GET', '/v1/taxes/users?year=2025', owner.headers)).json();
    expect(paid2025.data[0].total).toBe(35_025 + 50_001 - 20_000);

    const response = await generate(owner.headers, { year: 2025, method: 'download', userIds: [creator.id] }, 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = readPdf(response.rawPayload, '1099-2025');
    expect(text).toContain('Form 1099-NEC');
    expect(text).toContain('Nonemployee compensation');
    expect(text).toContain('650.26');
    expect(text).toContain('Nora Nec');
    expect(text).toContain('742 Evergreen Terrace');
    expect(text).toContain('Springfield, CA 90210');
    expect(text).toContain('***-**-6789');
    expect(text).not.toContain('123456789');
    // The payer: the organisation's name, its address and full EIN from activation.
    expect(text).toContain('Acme Creators');
    expect(text).toContain('1 Market St Suite 300');
    expect(text).toContain('12-3456789');
    expect(text).toContain('For calendar year');
    expect(text).toContain('2025');

    const run2024 = (await generate(owner.headers, { year: 2024, method: 'download', userIds: [creator.id] })).json();
    expect(run2024).toMatchObject({ status: 'succeeded', total: 1, processed: 1, skipped: [] });
    expect(run2024.generated).toEqual([{ id: creator.id, name: 'Nora Nec', form: '1099-NEC', compensation: 90_000, reasons: [] }]);
    const pdf = await inject('GET', `/v1/taxes/runs/${run2024.id}/pdf`, owner.headers);
    expect(pdf.statusCode).toBe(200);
    expect(readPdf(pdf.rawPayload, '1099-2024').text).toContain('900.00');
  });

  it('gives W-2 recipients a wage summary: wages gross of withholding, federal and state withheld', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const creator = await taxableCreator(ctx, owner.headers, { first_name: 'Wendy', last_name: 'Wages' });
    await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, { id: creator.id, is_w2: true });
    await payAndPost(ctx, owner.headers, creator.id, [100_000]);
    const payment = (await inject('GET', `/v1/payments?tab=posted_payments`, owner.headers)).json().data[0];
    // CA 6.6% and federal 22% of $1,000.00, kept back from the payment.
    expect(payment).toMatchObject({ amount: 71_400, state_withholdings: 6_600, federal_withholdings: 22_000 });

    const users = (await inject('GET', `/v1/taxes/users?year=${THIS_YEAR}`, owner.headers)).json();
    expect(users.data[0]).toMatchObject({ isW2: true, total: 100_000 });
    const response = await generate(owner.headers, { year: THIS_YEAR, method: 'download', userIds: [creator.id] }, 'application/pdf');
    expect(response.statusCode, response.body).toBe(200);
    const { text } = readPdf(response.rawPayload, 'w2');
    expect(text).toContain('Wage and Tax Statement');
    expect(text).toMatch(/1 Wages, tips, other compensation\s+2 Federal income tax withheld/);
    expect(text).toContain('1,000.00');
    expect(text).toContain('220.00');
    expect(text).toContain('66.00');
    expect(text).toContain('***-**-6789');
  });
});

describe('who is skipped, and why', () => {
  it('lists recipients under the threshold or missing a TIN or an address, and generates nothing for them', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    await upgradePlan(ctx.app, owner.headers);
    const under = await taxableCreator(ctx, owner.headers, { first_name: 'Una' });
    const noTin = await taxableCreator(ctx, owner.headers, { first_name: 'Tina', state_tax_id: null });
    const noAddress = await taxableCreator(ctx, owner.headers, {
      first_name: 'Adam',
      address_line_1: null,
      address_city: null,
      address_zip: null,
    });
    const at2025 = await taxableCreator(ctx, owner.headers, { first_name: 'Otto' });
    const [underId] = await payAndPost(ctx, owner.headers, under.id, [199_999]);
    await payAndPost(ctx, owner.headers, noTin.id, [250_000]);
    await payAndPost(ctx, owner.headers, noAddress.id, [250_000]);
    const [old] = await payAndPost(ctx, owner.headers, at2025.id, [60_000]);
    await setPaymentDates(ctx, old!, { posted: '2025-06-01T00:00:00Z' });
    expect(underId).toBeDefined();

    // 2026 and later: $2,000.00; $1,999.99 is under it.
    const run = (await generate(owner.headers, { year: 2026, method: 'download', userIds: [under.id, noTin.id, noAddress.id] })).json();
    expect(run.status).toBe('succeeded');
    expect(run.generated).toEqual([]);
    expect(run.skipped).toEqual([
      { id: under.id, name: 'Una Creator', form: '1099-NEC', compensation: 199_999, reasons: ['below_threshold'] },
      { id: noTin.id, name: 'Tina Creator', form: '1099-NEC', compensation: 250_000, reasons: ['missing_tin'] },
      { id: noAddress.id, name: 'Adam Creator', form: '1099-NEC', compensation: 250_000, reasons: ['missing_address'] },
    ]);
    expect((await inject('GET', `/v1/taxes/runs/${run.id}/pdf`, owner.headers)).statusCode).toBe(404);
    // Through 2025: $600.00 exactly is reported.
    const run2025 = (await generate(owner.headers, { year: 2025, method: 'download', userIds: [at2025.id] })).json();
    expect(run2025.generated.map((item: { compensation: number }) => item.compensation)).toEqual([60_000]);
  });

  it('reports agents and managers (no TIN or address on file) instead of guessing', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const agent = await inject('POST', '/v1/users', owner.headers, {
      email: `agent.${Date.now()}@example.com`,
      is_agent: true,
      first_name: 'Ace',
      last_name: 'Agent',
    });
    expect(agent.statusCode, agent.body).toBe(200);
    const run = (await generate(owner.headers, { year: THIS_YEAR, method: 'download', userIds: [agent.json().id] })).json();
    expect(run.skipped[0]).toMatchObject({ name: 'Ace Agent', reasons: ['below_threshold', 'missing_tin', 'missing_address'] });
  });
});

describe('email', () => {
  it('sends each consenting recipient their own form through the outbox, as a PDF attachment', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const first = await taxableCreator(ctx, owner.headers, { first_name: 'Emma', last_name: 'One' });
    const second = await taxableCreator(ctx, owner.headers, { first_name: 'Eli', last_name: 'Two', state_tax_id: '987654321' });
    await answerDeliveryConsent(ctx.app, first);
    await answerDeliveryConsent(ctx.app, second);
    await payAndPost(ctx, owner.headers, first.id, [300_000]);
    await payAndPost(ctx, owner.headers, second.id, [410_050]);
    const run = (await generate(owner.headers, { year: THIS_YEAR, method: 'email', userIds: [first.id, second.id] })).json();
    expect(run).toMatchObject({ status: 'succeeded', emails_sent: 2, processed: 2, to_mail: [] });

    const outbox = (
      await ctx.app.inject({ method: 'GET', url: '/dev/outbox', headers: { ...operatorHeaders, accept: 'application/json' } })
    ).json();
    for (const [creator, figure, last4, other] of [
      [first, '3,000.00', '***-**-6789', 'Eli Two'],
      [second, '4,100.50', '***-**-4321', 'Emma One'],
    ] as const) {
      const emails = outbox.filter(
        (email: { to: string; subject: string }) => email.to === creator.email && email.subject.includes('Form 1099-NEC'),
      );
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ subject: `Your ${THIS_YEAR} Form 1099-NEC from Acme Creators`, status: 'sent' });
      expect(emails[0].attachments).toHaveLength(1);
      const attachment = await ctx.app.inject({ method: 'GET', url: emails[0].attachments[0].url, headers: operatorHeaders });
      expect(attachment.headers['content-type']).toBe('application/pdf');
      const { text } = readPdf(attachment.rawPayload, 'emailed');
      expect(text).toContain(figure);
      expect(text).toContain(last4);
      expect(text).not.toContain(other);
    }
  });

  it('emails no one without consent: never answered or withdrawn is listed "to mail", its form in the run PDF', async () => {
    const owner = await fundedOwner(ctx.app, 10_000_000);
    const consenting = await taxableCreator(ctx, owner.headers, { first_name: 'Cora', last_name: 'Consent' });
    const silent = await taxableCreator(ctx, owner.headers, { first_name: 'Sam', last_name: 'Silent' });
    const withdrawn = await taxableCreator(ctx, owner.headers, { first_name: 'Wes', last_name: 'Withdrawn' });
    await answerDeliveryConsent(ctx.app, consenting);
    const headers = await answerDeliveryConsent(ctx.app, withdrawn);
    await inject('POST', `/v1/portal/tax_delivery_consent/${withdrawn.id}`, headers, { consented: false });
    for (const creator of [consenting, silent, withdrawn]) await payAndPost(ctx, owner.headers, creator.id, [300_000]);

    const userIds = [consenting.id, silent.id, withdrawn.id];
    const run = (await generate(owner.headers, { year: THIS_YEAR, method: 'email', userIds })).json();
    expect(run).toMatchObject({ status: 'succeeded', emails_sent: 1, processed: 3 });
    expect(run.generated).toHaveLength(3);
    expect(run.to_mail.map((item: { name: string }) => item.name)).toEqual(['Sam Silent', 'Wes Withdrawn']);
    const outbox = (
      await ctx.app.inject({ method: 'GET', url: '/dev/outbox', headers: { ...operatorHeaders, accept: 'application/json' } })
    ).json();
    const taxEmailsTo = (email: string) =>
      outbox.filter((item: { to: string; subject: string }) => item.to === email && item.subject.includes('Form 1099-NEC'));
    expect(taxEmailsTo(consenting.email)).toHaveLength(1);
    expect(taxEmailsTo(silent.email)).toEqual([]);
    expect(taxEmailsTo(withdrawn.email)).toEqual([]);
    // The forms to mail are printed in the run's PDF; the emailed one is not.
    const text = readPdf((await inject('GET', `/v1/taxes/runs/${run.id}/pdf`, owner.headers)).rawPayload, 'to-mail').text;
    expect(text).toContain('Sam Silent');
    expect(text).toContain('Wes Withdrawn');
    expect(text).not.toContain('Cora Consent');
  });
});

describe('access and validation', () => {
  it('lets owners and admins generate, team members only list, and refuses the signed-out', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const creator = await taxableCreator(ctx, owner.headers);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await inject('GET', '/v1/taxes/users', collaborator.headers)).statusCode).toBe(200);
    const refused = await generate(collaborator.headers, { year: THIS_YEAR, method: 'download', userIds: [creator.id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You do not have permission to do that');
    expect((await generate({}, { year: THIS_YEAR, method: 'download', userIds: [creator.id] })).statusCode).toBe(401);
    expect((await inject('GET', '/v1/taxes/users', {})).statusCode).toBe(401);
  });

  it("refuses another organization's user and run ids as unknown", async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const other = await fundedOwner(ctx.app, 1_000_000);
    const mine = await taxableCreator(ctx, owner.headers);
    const theirs = await taxableCreator(ctx, other.headers);
    const refused = await generate(owner.headers, { year: THIS_YEAR, method: 'email', userIds: [mine.id, theirs.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: 'User not found', field: 'userIds' });
    const run = (await generate(other.headers, { year: THIS_YEAR, method: 'download', userIds: [theirs.id] })).json();
    expect((await inject('GET', `/v1/taxes/runs/${run.id}`, owner.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v1/taxes/runs/${run.id}/pdf`, owner.headers)).statusCode).toBe(404);
  });

  it('answers each validation message, and needs an activated organization', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    const creator = await taxableCreator(ctx, owner.headers);
    const cases: [object, string][] = [
      [{ year: 2021, method: 'download', userIds: [creator.id] }, 'Tax years run from the current year down to 2022'],
      [{ year: THIS_YEAR + 1, method: 'download', userIds: [creator.id] }, 'Tax years run from the current year down to 2022'],
      [{ year: 1e308, method: 'download', userIds: [creator.id] }, 'Tax years run from the current year down to 2022'],
      [{ year: THIS_YEAR, method: 'fax', userIds: [creator.id] }, 'Method must be download or email'],
      [{ year: THIS_YEAR, method: 'email', userIds: [] }, 'Choose at least one user'],
      [{ year: THIS_YEAR, method: 'email', userIds: ['not-a-uuid'] }, 'User not found'],
    ];
    for (const [body, message] of cases) {
      const response = await generate(owner.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await inject('GET', '/v1/taxes/users?year=2019', owner.headers)).statusCode).toBe(400);

    const unactivated = await createOwner(ctx.app);
    const theirCreator = await addCreator(ctx.app, unactivated.headers, BANK);
    const refused = await generate(unactivated.headers, { year: THIS_YEAR, method: 'download', userIds: [theirCreator.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Your organization's EIN and address come from activation: activate your account first");
  });
});

describe('large selections', () => {
  it('runs as a job and records progress over every recipient', async () => {
    const owner = await fundedOwner(ctx.app, 1_000_000);
    await upgradePlan(ctx.app, owner.headers);
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) ids.push((await addCreator(ctx.app, owner.headers, { first_name: `Bulk${index}` })).id);
    const response = await generate(owner.headers, { year: THIS_YEAR, method: 'download', userIds: ids });
    // Tests run jobs inline, so the job has finished when the request returns.
    expect(response.statusCode, response.body).toBe(200);
    const run = (await inject('GET', `/v1/taxes/runs/${response.json().id}`, owner.headers)).json();
    expect(run).toMatchObject({ status: 'succeeded', total: 30, processed: 30 });
    expect(run.skipped).toHaveLength(30);
  });
});
