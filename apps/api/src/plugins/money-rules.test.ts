import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, loginAsMessages, twoFactorMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { addCreator, createOwner, upgradePlan } from '../../test/fixtures.ts';
import { BANK, createDrafts, fundedOwner, injector, paymentRow } from '../../test/payment-fixtures.ts';
import { enrolTotp, nextTimeStep, staleFactor, totpCode } from '../../test/two-factor-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  injector(ctx.app)(method, url, headers, payload);

const expectFactorAsked = (response: Awaited<ReturnType<typeof call>>, what: string) => {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
  expect(response.json(), what).toMatchObject({ message: twoFactorMessages.freshFactor, fresh_factor_required: true });
};

/** An activated standard-plan owner with an authenticator app, a creator and a draft to pay. */
async function ownerWithFactor() {
  const owner = await fundedOwner(ctx.app);
  await upgradePlan(ctx.app, owner.headers);
  const { secret } = await enrolTotp(ctx.app, owner.headers);
  const creator = await addCreator(ctx.app, owner.headers, BANK);
  const [draft] = await createDrafts(ctx.app, owner.headers, [paymentRow(creator.id, 10_000)]);
  return { ...owner, secret, creator, draft: draft! };
}

describe('a stale owner session (issue 40, finding 2)', () => {
  it('is asked for a factor before every act that releases money or changes where it goes', async () => {
    const owner = await ownerWithFactor();
    await staleFactor(ctx.app, owner.user.id);
    const campaign = randomUUID();
    const acts: [string, 'POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['switching approvals off', 'PUT', '/v1/approvals/rules', { every_payment: false, new_payee: false }],
      [
        'adding a payee with bank details',
        'POST',
        '/v1/creators',
        { email: 'payee.x@example.com', first_name: 'A', last_name: 'B', ...BANK },
      ],
      ['adding an agent', 'POST', '/v1/users', { email: 'agent.x@example.com', first_name: 'A', last_name: 'B', is_agent: true }],
      ['giving a creator an agent and a split', 'PUT', `/v1/creators/${owner.creator.id}`, { agent_id: randomUUID(), agent_split: 50 }],
      [
        'a campaign split',
        'POST',
        `/v1/creators/${owner.creator.id}/campaign_splits`,
        { payment_group_id: campaign, agent_split: 50, manager_split: 0 },
      ],
      ['changing payout details', 'PUT', `/v1/creators/${owner.creator.id}`, { paypal_email: 'x@example.com' }],
      ['executing', 'PUT', '/v1/payments/initiate', { ids: [owner.draft.id] }],
      ['scheduling', 'POST', '/v1/payment_schedules', { ids: [owner.draft.id], execute_on: '2099-01-01' }],
      ['a refund', 'POST', `/v1/invoices/${randomUUID()}/refunds`, { amount: 100 }],
      ['a release when paid', 'PUT', `/v1/payment_releases/${randomUUID()}`, undefined],
      [
        'a transfer out',
        'POST',
        '/v1/treasury/ach',
        { amount: 100, name: 'X', description: 'Y', ...{ account_num: '000111222333', routing_num: '110000000' } },
      ],
      ['a webhook endpoint', 'POST', '/v1/webhook_endpoints', { url: 'https://example.com/hook' }],
      ['an API key', 'POST', '/v1/org_api_token', {}],
    ];
    for (const [what, method, url, body] of acts) expectFactorAsked(await call(method, url, owner.headers, body), what);
    // Nothing happened: the draft is still a draft.
    expect((await call('GET', `/v1/payments/${owner.draft.id}`, owner.headers)).json()).toMatchObject({ status: 'draft' });

    await nextTimeStep(ctx.app, owner.user.id);
    const verified = await call('POST', '/v1/users/two_factor/verify', owner.headers, { code: await totpCode(owner.secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    const rules = await call('PUT', '/v1/approvals/rules', owner.headers, { every_payment: false, new_payee: false });
    expect(rules.statusCode, rules.body).toBe(200);
    const executed = await call('PUT', '/v1/payments/initiate', owner.headers, { ids: [owner.draft.id] });
    expect(executed.statusCode, executed.body).toBe(200);
  });

  it('still edits a creator without asking when no payout field or split is touched', async () => {
    const owner = await ownerWithFactor();
    await staleFactor(ctx.app, owner.user.id);
    const edited = await call('PUT', `/v1/creators/${owner.creator.id}`, owner.headers, { bio: 'Makes videos' });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('API keys never move money or change where it goes (findings 3, 6, 14)', () => {
  it('refuses a key with the default scopes on payout fields, splits and refunds, and lets it edit the rest', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const made = await call('POST', '/v1/org_api_token', owner.headers, {});
    expect(made.json().scopes).toEqual(['read', 'creators:write', 'payments:write']);
    const key = { authorization: `Bearer ${made.json<{ key: string }>().key}` };
    const refusals: [string, 'POST' | 'PUT', string, unknown][] = [
      ['bank account', 'PUT', `/v1/creators/${creator.id}`, { id: creator.id, ...BANK }],
      ['PayPal email', 'PUT', `/v1/creators/${creator.id}`, { paypal_email: 'attacker@example.com' }],
      ['payout method', 'PUT', `/v1/creators/${creator.id}`, { selected_payment_method: 'paypal' }],
      ['agent split', 'PUT', `/v1/creators/${creator.id}`, { agent_split: 90 }],
      ['new creator with a bank', 'POST', '/v1/creators', { email: 'k.payee@example.com', first_name: 'K', last_name: 'P', ...BANK }],
      [
        'campaign split',
        'POST',
        `/v1/creators/${creator.id}/campaign_splits`,
        { payment_group_id: randomUUID(), agent_split: 50, manager_split: 0 },
      ],
      ['refund', 'POST', `/v1/invoices/${randomUUID()}/refunds`, { amount: 100 }],
    ];
    for (const [what, method, url, body] of refusals) {
      const refused = await call(method, url, key, body);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(403);
      expect(refused.json().message, what).toBe(apiKeyMessages.notForKeys);
    }
    const row = (await call('GET', `/v1/creators/${creator.id}`, owner.headers)).json();
    expect(row).toMatchObject({ paypal_email: null, account_number_last4: null, agent_split: creator.agent_split });
    const edited = await call('PUT', `/v1/creators/${creator.id}`, key, { bio: 'Edited by the key' });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('acting sessions never move money or change where it goes', () => {
  it('refuses splits and refunds while acting, with the payout message', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    await upgradePlan(ctx.app, owner.headers);
    const invited = await call('POST', '/v1/users', owner.headers, { email: `m.${randomUUID()}@example.com`, role: 'collaborator' });
    expect(invited.statusCode, invited.body).toBe(200);
    const acting = await call('POST', '/v1/users/loginas', owner.headers, { user_id: invited.json().id });
    expect(acting.statusCode, acting.body).toBe(200);
    const split = await call('POST', `/v1/creators/${creator.id}/campaign_splits`, owner.headers, {
      payment_group_id: randomUUID(),
      agent_split: 50,
      manager_split: 0,
    });
    expect(split.statusCode).toBe(403);
    expect(split.json().message).toBe(loginAsMessages.noPayoutDetails);
    const agent = await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { agent_split: 40 });
    expect(agent.json().message).toBe(loginAsMessages.noPayoutDetails);
    const refund = await call('POST', `/v1/invoices/${randomUUID()}/refunds`, owner.headers, { amount: 100 });
    expect(refund.json().message).toBe(loginAsMessages.noApproving);
  });
});

describe('a team member changing who shares in a creator’s earnings', () => {
  it('is recorded: who, which creator, which fields (names, not values)', async () => {
    const owner = await createOwner(ctx.app);
    const creator = await addCreator(ctx.app, owner.headers);
    const changed = await call('PUT', `/v1/creators/${creator.id}`, owner.headers, { agent_split: 30, manager_split: 10 });
    expect(changed.statusCode, changed.body).toBe(200);
    const log = (await call('GET', '/v1/audit_log', owner.headers)).json<{
      entries: { action: string; target_id: string; actor: { id: string }; details: object }[];
    }>();
    expect(log.entries.find((entry) => entry.action === 'payee_split.change')).toMatchObject({
      target_id: creator.id,
      actor: { id: owner.user.id },
      details: { fields: 'agent_split,manager_split' },
    });
  });
});
