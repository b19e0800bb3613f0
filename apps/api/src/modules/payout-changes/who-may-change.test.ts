import { beforeAll, describe, expect, it } from 'vitest';
import { payoutDetailsMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, readOutbox, uniqueEmail } from '../../../test/fixtures.ts';
import { createMember } from '../../../test/campaign-fixtures.ts';
import { BANK, injector } from '../../../test/payment-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(ctx.app)(...args);
const YOUR_DETAILS_CHANGED = 'Your payout details with Acme Creators changed';

/** An organisation with a creator holding a bank account and PayPal, and one signed-in caller per staff role. */
async function orgWithRoles() {
  const owner = await createOwner(ctx.app);
  const admin = await createMember(ctx.deps, owner.org.id, 'admin');
  const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
  const roles: [string, Headers][] = [
    ['owner', owner.headers],
    ['admin', admin.headers],
  ];
  return { owner, roles, collaborator };
}

const mailsTo = async (to: string) => (await readOutbox(ctx.app)).filter((mail) => mail.to === to && mail.subject === YOUR_DETAILS_CHANGED);

describe('PUT /v1/creators/{id}: payout details', () => {
  const payoutChanges: [string, object][] = [
    ['change the bank account', { account_number: '000999888777', routing_number: '021000021' }],
    ['remove the bank account', { account_number: null, routing_number: null }],
    ['change the PayPal email', { paypal_email: 'elsewhere@example.com' }],
    ['add a Venmo number', { venmo_phone_number: '5125550100' }],
    ['choose another payout method', { selected_payment_method: 'paypal' }],
  ];

  it.each(payoutChanges)('a team member may not %s; nothing changes and nobody is emailed', async (_label, change) => {
    const { owner, collaborator } = await orgWithRoles();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const withPaypal = await inject('PUT', `/v1/creators/${creator.id}`, owner.headers, {
      id: creator.id,
      paypal_email: 'rae@example.com',
    });
    expect(withPaypal.statusCode, withPaypal.body).toBe(200);
    const told = (await mailsTo(creator.email)).length;
    const before = (await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json();
    const refused = await inject('PUT', `/v1/creators/${creator.id}`, collaborator.headers, { id: creator.id, ...change });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(payoutDetailsMessages.onlyOwnersAndAdmins);
    expect((await inject('GET', `/v1/creators/${creator.id}`, owner.headers)).json()).toEqual(before);
    expect(await mailsTo(creator.email)).toHaveLength(told);
  });

  it('a team member still edits what does not move money', async () => {
    const { owner, collaborator } = await orgWithRoles();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    const edited = await inject('PUT', `/v1/creators/${creator.id}`, collaborator.headers, {
      id: creator.id,
      bio: 'Hello',
      pronouns: 'they',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // The stored bank account sent back as its token is no change.
    const sameBank = await inject('PUT', `/v1/creators/${creator.id}`, collaborator.headers, {
      id: creator.id,
      account_number: edited.json().account_number,
    });
    expect(sameBank.statusCode, sameBank.body).toBe(200);
  });

  it('owners and admins change it, and the creator is emailed each time', async () => {
    const { owner, roles } = await orgWithRoles();
    const creator = await addCreator(ctx.app, owner.headers, BANK);
    for (const [role, headers] of roles) {
      const changed = await inject('PUT', `/v1/creators/${creator.id}`, headers, { id: creator.id, paypal_email: `${role}@example.com` });
      expect(changed.statusCode, `${role}: ${changed.body}`).toBe(200);
      expect(changed.json().paypal_email).toBe(`${role}@example.com`);
    }
    expect(await mailsTo(creator.email)).toHaveLength(roles.length);
  });
});

describe('PUT /v1/users/{id}: an agent’s or manager’s email', () => {
  const addPayee = async (headers: Headers, flags: object) => {
    const email = uniqueEmail('payee');
    const added = await inject('POST', '/v1/users', headers, { email, first_name: 'Ava', last_name: 'Agent', ...flags });
    expect(added.statusCode, added.body).toBe(200);
    return { id: added.json<{ id: string }>().id, email };
  };

  it.each([
    ['an agent', { is_agent: true }],
    ['a manager', { is_manager: true }],
  ])('a team member may not change the email of %s, but may change the name', async (_kind, flags) => {
    const { owner, collaborator } = await orgWithRoles();
    const payee = await addPayee(owner.headers, flags);
    const refused = await inject('PUT', `/v1/users/${payee.id}`, collaborator.headers, { email: uniqueEmail('mine') });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(payoutDetailsMessages.payeeEmailOnlyOwnersAndAdmins);
    const renamed = await inject('PUT', `/v1/users/${payee.id}`, collaborator.headers, { first_name: 'Avery', email: payee.email });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ email: payee.email, first_name: 'Avery' });
    expect(await mailsTo(payee.email)).toEqual([]);
  });

  it.each(['owner', 'admin'])('an %s changes it, and both the old and the new address are told', async (role) => {
    const { owner, roles } = await orgWithRoles();
    const headers = roles.find(([name]) => name === role)![1];
    const payee = await addPayee(owner.headers, { is_agent: true, is_manager: true });
    const newEmail = uniqueEmail('moved');
    const changed = await inject('PUT', `/v1/users/${payee.id}`, headers, { email: newEmail });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await mailsTo(payee.email)).toHaveLength(1);
    expect(await mailsTo(newEmail)).toHaveLength(1);
  });
});
