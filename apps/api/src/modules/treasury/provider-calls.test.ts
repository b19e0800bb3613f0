import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { replaceOperation } from '../../../test/kernel.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, readOutbox } from '../../../test/fixtures.ts';
import { activate, advanceClock, linkVerifiedBank, stripeWalletId } from '../../../test/wallet-fixtures.ts';
import { providerCalls, sandboxMicrodeposits, treasuryTransactions } from '../../db/schema/index.ts';
import { bankingProvider } from '../../providers/banking/index.ts';
import { reconcileLedger } from '../ledger/reconcile.ts';
import { ProviderCallError } from '../../providers/contract.ts';
import type { ProviderCallContext } from '../provider-calls/index.ts';
import { SANDBOX_PROVIDER, sandboxEventId, signSandboxWebhook } from '../../providers/sandbox-events.ts';
import { inboundTransferOperation, outboundPaymentOperation, type AchCallRequest } from './provider-operations.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SANDBOX_ACH_DELAY_SECONDS: '60' });
});
afterEach(() => {
  replaceOperation(ctx.deps, { provider: SANDBOX_PROVIDER, ...inboundTransferOperation });
  replaceOperation(ctx.deps, { provider: SANDBOX_PROVIDER, ...outboundPaymentOperation });
});

type Headers = Record<string, string>;
type AchCall = (
  deps: TestContext['deps'],
  request: AchCallRequest,
  call: ProviderCallContext,
) => ReturnType<typeof inboundTransferOperation.call>;
const post = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const balance = async (headers: Headers) =>
  (await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers })).json().stripe.balances[0].amount as number;
const rowOf = async (id: string) => (await ctx.deps.db.select().from(treasuryTransactions).where(eq(treasuryTransactions.id, id)))[0]!;

async function ownerWithBank() {
  const owner = await createOwner(ctx.app);
  await activate(ctx.app, owner.headers);
  const paymentMethod = await linkVerifiedBank(ctx.app, owner.headers, owner.user.email);
  return { ...owner, paymentMethod, walletId: await stripeWalletId(ctx.app, owner.headers) };
}

describe('ACH through provider calls', () => {
  it('debits the bank after the commit, then the provider id is on the transaction', async () => {
    const seen: { status: string; openTransactions: number }[] = [];
    const real: AchCall = inboundTransferOperation.call;
    replaceOperation(ctx.deps, {
      provider: SANDBOX_PROVIDER,
      ...inboundTransferOperation,
      call: async (deps, request: AchCallRequest, call) => {
        const row = await rowOf(request.treasury_transaction_id);
        const open = await deps.db.execute<{ count: number }>(sql`
          SELECT count(*)::int AS count FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`);
        seen.push({ status: row.status, openTransactions: open.rows[0]!.count });
        return real(deps, request, call);
      },
    });
    const owner = await ownerWithBank();
    const debit = await post('/v1/treasury/ach_debit', owner.headers, { amount: 12_000, payment_method: owner.paymentMethod });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(seen).toEqual([{ status: 'processing', openTransactions: 0 }]);
    const row = await rowOf(debit.json().id);
    expect(row.provider_id).toMatch(/^ibt_/);
    const [call] = await ctx.deps.db.select().from(providerCalls).where(eq(providerCalls.subject_id, row.id));
    expect(call).toMatchObject({ status: 'succeeded', operation: 'banking.inbound_transfer', attempts: 1 });
    // The bank number is sealed in the call, never stored in clear.
    expect(JSON.stringify(call!.request)).not.toContain('000123456789');
    await advanceClock(ctx.app, 61);
    expect(await balance(owner.headers)).toBe(12_000);
  });

  it('applies a settlement that overtakes the record of the debit call', async () => {
    const real: AchCall = inboundTransferOperation.call;
    replaceOperation(ctx.deps, {
      provider: SANDBOX_PROVIDER,
      ...inboundTransferOperation,
      call: async (deps, request: AchCallRequest, call) => {
        const movement = await real(deps, request, call);
        const body = JSON.stringify({
          events: [
            {
              id: sandboxEventId(),
              type: 'treasury.inbound_transfer.succeeded',
              org_id: call.org_id,
              object_id: movement.provider_id,
              data: { treasury_transaction_id: request.treasury_transaction_id },
            },
          ],
        });
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/v1/webhooks/sandbox',
          headers: { 'content-type': 'application/json', ...signSandboxWebhook(deps.secrets, body) },
          payload: body,
        });
        expect(response.json()).toMatchObject({ applied: 1 });
        return movement;
      },
    });
    const owner = await ownerWithBank();
    const debit = await post('/v1/treasury/ach_debit', owner.headers, { amount: 8_000, payment_method: owner.paymentMethod });
    expect(await balance(owner.headers)).toBe(8_000);
    const row = await rowOf(debit.json().id);
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row.provider_id).toMatch(/^ibt_/);
    // The sandbox's own settlement, when due, finds it settled already.
    await advanceClock(ctx.app, 61);
    expect(await balance(owner.headers)).toBe(8_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });

  it('gives the held amount and fee back when the bank refuses a transfer out for good', async () => {
    replaceOperation(ctx.deps, {
      provider: SANDBOX_PROVIDER,
      ...outboundPaymentOperation,
      call: async () => {
        throw new ProviderCallError({ code: 'account_frozen', retryable: false });
      },
    });
    const owner = await ownerWithBank();
    ctx.deps.config.transferOutOrgId = owner.org.id;
    await post('/v1/treasury/load', owner.headers, { amount: 100_000 });
    const sent = await post('/v1/treasury/ach', owner.headers, {
      amount: 50_000,
      name: 'Acme Payroll',
      description: 'Payroll',
      account_num: '000123456789',
      routing_num: '110000000',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await rowOf(sent.json().id)).toMatchObject({ status: 'failed', failure_reason: 'account_frozen', provider_id: null });
    expect(await balance(owner.headers)).toBe(100_000);
    expect((await reconcileLedger(ctx.deps)).problems).toEqual([]);
  });
});

describe('creations a person waits for, called before our transaction', () => {
  it('a setup intent asked again with the same key is the same one: one micro-deposit, and no email from the provider', async () => {
    const owner = await createOwner(ctx.app);
    const provider = bankingProvider(ctx.deps);
    const ask = () =>
      provider.createSetupIntent({
        org_id: owner.org.id,
        bank_link_id: owner.org.id,
        account_number: '000123456789',
        routing_number: '110000000',
        account_holder_name: 'Acme',
        idempotency_key: `setup_intent:${owner.org.id}`,
      });
    const [first, second] = [await ask(), await ask()];
    expect(second).toEqual(first);
    const deposits = await ctx.deps.db.select().from(sandboxMicrodeposits).where(eq(sandboxMicrodeposits.org_id, owner.org.id));
    expect(deposits).toHaveLength(1);
    // The holder's email is the treasury module's to send (attachBank), not the bank's.
    expect(
      (await readOutbox(ctx.app)).filter((email) => email.to === owner.user.email && email.subject === 'Verify your bank account'),
    ).toHaveLength(0);
  });

  it('a financial account asked again with the same key is the same account', async () => {
    const owner = await createOwner(ctx.app);
    const provider = bankingProvider(ctx.deps);
    const ask = () =>
      provider.createFinancialAccount({
        org_id: owner.org.id,
        account_id: 'acct_unused_in_the_sandbox',
        idempotency_key: `financial_account:${owner.org.id}`,
      });
    const first = await ask();
    expect(await ask()).toEqual(first);
    // Activation uses that key: the account it records is the one the provider made first.
    await activate(ctx.app, owner.headers);
    const wallet = await ctx.app.inject({ method: 'GET', url: '/v1/wallets', headers: owner.headers });
    expect(wallet.statusCode).toBe(200);
    const [org] = (await ctx.deps.db.execute<{ treasury_id: string }>(sql`SELECT treasury_id FROM orgs WHERE id = ${owner.org.id}`)).rows;
    expect(org!.treasury_id).toBe(first.provider_account_id);
  });
});
