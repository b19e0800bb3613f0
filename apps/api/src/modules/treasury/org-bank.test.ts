import { beforeAll, describe, expect, it } from 'vitest';
import { bankMessages } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner } from '../../../test/fixtures.ts';
import { activate, createCollaborator, stripeWalletId } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

type Headers = Record<string, string>;
const postBank = (headers: Headers, payload: object) => ctx.app.inject({ method: 'POST', url: '/v1/org/bank', headers, payload });
const BANK = { account_number: '000123456789', routing_number: '110000000' };

/** Document 000's call: POST /v1/org/bank with the bank attach body {account_number, routing_number}. */
describe('POST /v1/org/bank', () => {
  it("attaches the organisation's bank: micro-deposit verification follows, as on the wallet", async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const response = await postBank(owner.headers, BANK);
    expect(response.statusCode, response.body).toBe(200);
    const setupIntent = response.json();
    expect(setupIntent).toMatchObject({ status: 'requires_action', next_action: { type: 'verify_with_microdeposits' } });
    const walletId = await stripeWalletId(ctx.app, owner.headers);
    const wallet = (await ctx.app.inject({ method: 'GET', url: `/v1/wallets/${walletId}`, headers: owner.headers })).json();
    expect(wallet.setup_intent).toMatchObject({ id: setupIntent.id });
  });

  it("refuses a bad body with the spec's messages", async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    for (const [payload, field, message] of [
      [{ ...BANK, account_number: '12' }, 'account_number', bankMessages.accountNumber],
      [{ ...BANK, routing_number: '1234' }, 'routing_number', bankMessages.routingNumber],
      [{ account_number: BANK.account_number }, 'routing_number', bankMessages.routingNumber],
    ] as const) {
      const response = await postBank(owner.headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
  });

  it('is for owners and admins of a signed-in organisation', async () => {
    const owner = await createOwner(ctx.app);
    await activate(ctx.app, owner.headers);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await postBank(collaborator.headers, BANK)).statusCode).toBe(403);
    expect((await postBank({}, BANK)).statusCode).toBe(401);
  });
});
