import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { PayoutQuote } from '@crewpay/core';
import { startNiumFake, type NiumFake, type NiumWebhook } from '../fakes/nium-fake.ts';
import { reconcileLedger } from '../src/modules/ledger/index.ts';
import { niumWalletCheck } from '../src/modules/nium/index.ts';
import { runDueProviderCalls } from '../src/modules/provider-calls/index.ts';
import { providerCheck } from '../src/modules/provider-sync/index.ts';
import { createOwner } from './fixtures.ts';
import { injector } from './payment-fixtures.ts';
import { activate } from './wallet-fixtures.ts';
import { liveWorld } from './worlds.ts';

type Headers = Record<string, string>;

/**
 * Payments abroad with SANDBOX=false: the Nium adapter on the Nium fake (Nium's API as its
 * reference describes it), its webhooks delivered to POST /v1/webhooks/nium as Nium sends them.
 * A test file calls this once at its top: it starts the fake and the world before the file's
 * tests and checks after each that every request and answer followed Nium's description.
 */
export function useAbroadLiveWorld() {
  let world: Awaited<ReturnType<typeof liveWorld>>;
  let nium: NiumFake;
  beforeAll(async () => {
    nium = await startNiumFake();
    world = await liveWorld(nium.settings);
  });
  afterAll(async () => {
    await nium.close();
  });
  afterEach(() => {
    expect(nium.takeProblems()).toEqual([]);
    expect(nium.webhookProblems.splice(0)).toEqual([]);
  });

  const inject = (...args: Parameters<ReturnType<typeof injector>>) => injector(world.ctx.app)(...args);

  /** The Execute dialog's quotes (POST /v1/payments/initiate/quotes), as core describes them. */
  async function quotes(headers: Headers, ids: string[]): Promise<PayoutQuote[]> {
    const response = await inject('POST', '/v1/payments/initiate/quotes', headers, { ids });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().quotes;
  }

  /** Webhooks as Nium posts them: each answered 200. */
  async function deliver(webhooks: NiumWebhook[]) {
    for (const webhook of webhooks) {
      const answer = await nium.deliver(world.ctx.app, webhook);
      expect(answer.statusCode, answer.body).toBe(200);
    }
  }

  /** The calls due made, then the organisation's Nium wallet per currency in our books equals the fake's, and the books reconcile. */
  async function expectInStep(orgId: string, customerHashId: string) {
    await runDueProviderCalls(world.ctx.deps);
    const perCurrency = await niumWalletCheck(world.ctx.deps, orgId);
    expect(perCurrency.length).toBeGreaterThan(0);
    const fakeWallet = nium.balances(customerHashId);
    for (const entry of perCurrency) {
      expect(entry.books, entry.currency).toBe(entry.nium);
      expect(entry.nium, entry.currency).toBe(fakeWallet[entry.currency] ?? 0);
    }
    expect((await providerCheck(world.ctx.deps)).problems.filter((problem) => problem.org_id === orgId)).toEqual([]);
    expect((await reconcileLedger(world.ctx.deps)).problems).toEqual([]);
  }

  /** An activated organisation with dollars in its US wallet, onboarded at Nium (its customer and wallet ids set by the owner). */
  async function abroadOwner(dollars: number) {
    const owner = await createOwner(world.ctx.app, { orgName: 'Globe Talent' });
    await activate(world.ctx.app, owner.headers);
    await world.afterActivation();
    await world.fund(owner.headers, owner.org.id, dollars);
    const account = nium.addCustomer('Globe Talent');
    const set = await inject('PUT', '/v1/nium/account', owner.headers, {
      customer_hash_id: account.customerHashId,
      wallet_hash_id: account.walletHashId,
    });
    expect(set.statusCode, set.body).toBe(200);
    return { ...owner, account };
  }

  return {
    get world() {
      return world;
    },
    get nium() {
      return nium;
    },
    inject,
    paymentStatus: async (headers: Headers, id: string) => (await inject('GET', `/v1/payments/${id}`, headers)).json().status,
    quotes,
    deliver,
    expectInStep,
    abroadOwner,
  };
}
