import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { sandboxBankItems, sandboxCardTokens } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { ProviderCallError } from '../contract.ts';
import { deliverSandboxEventsNow, SANDBOX_PROVIDER, scheduleSandboxEvent } from '../sandbox-events.ts';
import { onceForKey } from '../sandbox-requests.ts';
import { SANDBOX_ROUTING_NUMBER, sandboxOutcome } from '../banking/test-accounts.ts';
import { cardBehaviour, cardBrand, sandboxBankAccounts } from './test-cards.ts';
import type { ChargeMetadata, PaymentsInProvider, ProviderCharge } from './types.ts';

const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
/** A card dispute opens a day after the charge on the sandbox clock. */
const DISPUTE_DELAY_MS = 86_400_000;

type SandboxDeps = AppDeps;

/**
 * The sandbox card and bank processor: Stripe PaymentIntents with Stripe's test cards, ACH debits
 * settling after SANDBOX_ACH_DELAY_SECONDS on the sandbox clock with Stripe's test bank
 * accounts, and a Plaid-like bank link. Its side (tokens, items, scheduled events, answers per
 * idempotency key) lives in sandbox tables written in its own transactions.
 */
export function createSandboxPaymentsIn(deps: SandboxDeps): PaymentsInProvider {
  const once = <T>(operation: string, key: string, work: (tx: Tx) => Promise<T>) =>
    onceForKey(deps, { provider: SANDBOX_PROVIDER, operation, idempotency_key: key }, work);

  const event = async (
    tx: Tx,
    options: { org_id: string; id: string; type: string; metadata: ChargeMetadata; due_at: Date; reason?: string },
  ) =>
    scheduleSandboxEvent(tx, {
      org_id: options.org_id,
      object_id: options.id,
      type: options.type,
      data: { ...options.metadata, ...(options.reason ? { reason: options.reason } : {}) },
      due_at: options.due_at,
    });

  return {
    name: SANDBOX_PROVIDER,

    async describeCard(token) {
      const [row] = await deps.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.id, token));
      return row ? { brand: row.brand, last4: row.last4 } : null;
    },

    async chargeCard(options) {
      const charge = await once(
        'payments_in.card_charge',
        options.idempotency_key,
        async (tx): Promise<ProviderCharge | { declined: string }> => {
          const [card] = await tx.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.id, options.token));
          if (!card) return { declined: 'invalid_token' };
          const behaviour = cardBehaviour(deps.secrets.decrypt(card.number_sealed));
          if (behaviour.outcome === 'decline') return { declined: behaviour.reason };
          const now = await sandboxNow(tx);
          const id = providerId('pi');
          await event(tx, { org_id: options.org_id, id, type: 'charge.succeeded', metadata: options.metadata, due_at: now });
          if (behaviour.outcome === 'dispute')
            await event(tx, {
              org_id: options.org_id,
              id,
              type: 'charge.dispute.created',
              metadata: options.metadata,
              reason: behaviour.reason,
              due_at: new Date(now.getTime() + DISPUTE_DELAY_MS),
            });
          return { provider_id: id, status: 'processing', created_at: now.toISOString() };
        },
      );
      if ('declined' in charge) throw new ProviderCallError({ code: charge.declined, retryable: false });
      // A card answers within seconds: the sandbox sends its webhook at once.
      await deliverSandboxEventsNow(deps);
      return charge;
    },

    debitBank: (options) =>
      once('payments_in.ach_debit', options.idempotency_key, async (tx) => {
        const now = await sandboxNow(tx);
        const id = providerId('py');
        const settleAt = new Date(now.getTime() + deps.config.sandboxAchDelaySeconds * 1000);
        const outcome = sandboxOutcome(options.account_number);
        const base = { org_id: options.org_id, id, metadata: options.metadata };
        if (outcome?.outcome === 'fail') {
          await event(tx, { ...base, type: 'charge.failed', reason: outcome.reason, due_at: settleAt });
        } else {
          await event(tx, { ...base, type: 'charge.succeeded', due_at: settleAt });
          if (outcome?.outcome === 'return')
            await event(tx, {
              ...base,
              type: 'charge.ach_returned',
              reason: outcome.reason,
              due_at: new Date(settleAt.getTime() + deps.config.sandboxAchDelaySeconds * 1000),
            });
        }
        return { provider_id: id, status: 'processing' as const, created_at: now.toISOString() };
      }),

    createLinkToken: async () => ({ link_token: `link-sandbox-${randomBytes(16).toString('hex')}` }),

    async exchangePublicToken(options) {
      const [item] = await deps.db.select().from(sandboxBankItems).where(eq(sandboxBankItems.public_token, options.public_token));
      if (!item) return null;
      const accounts = JSON.parse(deps.secrets.decrypt(item.accounts_sealed)) as {
        account_id: string;
        name: string;
        account_number: string;
      }[];
      const account = accounts.find((candidate) => candidate.account_id === options.account_id);
      if (!account) return null;
      await deps.db.update(sandboxBankItems).set({ exchanged_at: new Date() }).where(eq(sandboxBankItems.public_token, item.public_token));
      return { ...account, mask: account.account_number.slice(-4), routing_number: SANDBOX_ROUTING_NUMBER };
    },
  };
}

/** Stripe.js's part in the sandbox: the card number goes to the processor, the page gets a token. */
export async function tokeniseSandboxCard(deps: Pick<AppDeps, 'db' | 'secrets'>, number: string) {
  const digits = number.replace(/\s+/g, '');
  const id = `tok_${randomBytes(12).toString('hex')}`;
  const card = { id, brand: cardBrand(digits), last4: digits.slice(-4) };
  await deps.db.insert(sandboxCardTokens).values({ ...card, number_sealed: deps.secrets.encrypt(digits) });
  return card;
}

/** Plaid Link's part in the sandbox: the institution's login (user_good / pass_good) answers a public token and its accounts. */
export async function createSandboxPublicToken(
  deps: Pick<AppDeps, 'db' | 'secrets'>,
  options: { link_token: string; institution: string },
) {
  const publicToken = `public-sandbox-${randomBytes(16).toString('hex')}`;
  const accounts = sandboxBankAccounts.map((account) => ({ ...account }));
  await deps.db.insert(sandboxBankItems).values({
    public_token: publicToken,
    link_token: options.link_token,
    institution: options.institution,
    accounts_sealed: deps.secrets.encrypt(JSON.stringify(accounts)),
  });
  return {
    public_token: publicToken,
    accounts: accounts.map((account) => ({ id: account.account_id, name: account.name, mask: account.account_number.slice(-4) })),
  };
}
