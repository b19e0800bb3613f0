import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAbroadLiveWorld } from '../../../test/abroad-live-world.ts';
import { niumClient } from '../../providers/payouts/index.ts';
import { findCurrencyAccounts, postTransfer, reconcileLedger } from '../ledger/index.ts';
import { providerCheck } from '../provider-sync/index.ts';

// The provider check and reconcile per currency of the Nium wallet.
// Set-up and the checks after each test: test/abroad-live-world.ts.
const live = useAbroadLiveWorld();

describe('the books of payments abroad (SANDBOX=false, on the Nium fake)', () => {
  it('the provider check names the currency in which the Nium wallet and the books part', async () => {
    const owner = await live.abroadOwner(100_000);
    expect((await live.inject('POST', '/v1/nium/wallet/fund', owner.headers, { amount: 50_000 })).statusCode).toBe(200);
    await live.expectInStep(owner.org.id, owner.account.customerHashId);
    // Dollars reach the Nium wallet outside Crewpay (a deposit Crewpay never heard of): reported, not booked.
    await niumClient(live.world.ctx.deps.config.providers.nium).fundWallet(owner.account, {
      sourceCurrency: 'USD',
      destinationCurrency: 'USD',
      amount: 7_000,
      idempotencyKey: randomUUID(),
    });
    const problems = (await providerCheck(live.world.ctx.deps)).problems.filter((problem) => problem.org_id === owner.org.id);
    expect(problems).toEqual([
      { kind: 'nium_wallet_out_of_step', org_id: owner.org.id, currency: 'USD', ledger_nium: 50_000, provider_nium: 57_000 },
    ]);
  });
  it("reconcile proves each currency of the conversions: a posting to a payee's bank that no payment made is found", async () => {
    expect((await reconcileLedger(live.world.ctx.deps)).problems).toEqual([]);
    const owner = await live.abroadOwner(0);
    const move = async (key: string, amount: number) => {
      await live.world.ctx.deps.db.transaction(async (tx) => {
        const gbp = await findCurrencyAccounts(tx, owner.org.id, 'GBP');
        await postTransfer(tx, {
          org_id: owner.org.id,
          key,
          type: 'test_stray',
          entries: [
            { account_id: gbp.fx_clearing!.id, amount: -amount },
            { account_id: gbp.outside_bank!.id, amount },
          ],
        });
      });
    };
    // Balanced in pounds, so the ledger's own checks pass; no paid payment abroad delivered it.
    await move('stray-gbp', 4_200);
    expect((await reconcileLedger(live.world.ctx.deps)).problems).toEqual(
      expect.arrayContaining([
        { kind: 'nium_currency_mismatch', org_id: owner.org.id, currency: 'gbp', place: 'outside_bank', balance: 4_200, expected: 0 },
        { kind: 'nium_currency_mismatch', org_id: owner.org.id, currency: 'gbp', place: 'fx_clearing', balance: -4_200, expected: 0 },
      ]),
    );
    await move('stray-gbp-undone', -4_200);
    expect((await reconcileLedger(live.world.ctx.deps)).problems).toEqual([]);
  });
});
