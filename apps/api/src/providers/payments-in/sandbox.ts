import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { sandboxCardTokens, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { sandboxUsdSettlement } from '@crewpay/core';
import { AppError } from '../../lib/errors.ts';
import { ProviderCallError } from '../contract.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvents, type SandboxEventInput } from '../sandbox-events.ts';
import { onceForKey } from '../sandbox-requests.ts';
import { createSandboxBankLink } from './sandbox-bank-link.ts';
import { createSandboxRefunds } from './sandbox-refunds.ts';
import { cardBehaviour, debitOutcome } from './test-cards.ts';
import type { CanceledCharge, ChargeMetadata, PaymentsInProvider, ProviderCharge } from './types.ts';

const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const DAY_MS = 86_400_000;
/** A card dispute opens a day after the charge (sandbox clock); unanswered, it is lost when its evidence is due, a week later. */
const DISPUTE_DELAY_MS = DAY_MS;
const EVIDENCE_DAYS = 7;

type Declined = { declined: string };

/**
 * The sandbox's payout of a settled charge's money (amount less Crewpay's fee) from the payments
 * balance to the wallet, as Stripe's payout schedule makes it (docs/money-flows.md, "Places"): the
 * same events and postings as live mode, created and paid when the charge settles (the sandbox
 * keeps no payments balance of its own, so nothing waits for the next day's payout).
 */
function sandboxPayoutEvents(options: { org_id: string; charge: string; net: number; at: Date }): SandboxEventInput[] {
  if (options.net <= 0) return [];
  const payout = `po_${options.charge.slice(options.charge.indexOf('_') + 1)}`;
  const data = { amount: String(options.net), arrival_date: options.at.toISOString() };
  return (['created', 'paid'] as const).map((step) => ({
    org_id: options.org_id,
    object_id: payout,
    type: `treasury.balance_payout.${step}`,
    data,
    due_at: options.at,
  }));
}

/** A card charge that went through: succeeded now; a dispute card's dispute opens a day later, its money withdrawn, and is lost a week on. */
function cardOutcomeEvents(options: {
  org_id: string;
  id: string;
  metadata: ChargeMetadata;
  now: Date;
  dispute?: string;
  amount: number;
  fee: number;
  currency: string;
}) {
  const { org_id, id, metadata, now } = options;
  // A charge in another currency settles in USD, as Stripe's balance transaction reports it: its payout is those dollars.
  const settled = sandboxUsdSettlement(options.currency, options);
  const net = settled ? settled.settled_usd - settled.settled_fee_usd : options.amount - options.fee;
  const succeeded = settled
    ? {
        ...metadata,
        settled_usd: String(settled.settled_usd),
        settled_fee_usd: String(settled.settled_fee_usd),
        exchange_rate: settled.exchange_rate,
      }
    : metadata;
  const events: SandboxEventInput[] = [
    { org_id, object_id: id, type: 'charge.succeeded', data: succeeded, due_at: now },
    ...sandboxPayoutEvents({ org_id, charge: id, net, at: now }),
  ];
  if (!options.dispute) return events;
  const opened = new Date(now.getTime() + DISPUTE_DELAY_MS);
  const evidenceDue = new Date(opened.getTime() + EVIDENCE_DAYS * DAY_MS);
  const dispute = { ...metadata, dispute_id: providerId('dp'), amount: String(options.amount), reason: options.dispute };
  const at = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
  return [
    ...events,
    {
      org_id,
      object_id: id,
      type: 'charge.dispute.created',
      data: { ...dispute, status: 'needs_response', evidence_due_by: evidenceDue.toISOString() },
      due_at: opened,
    },
    {
      org_id,
      object_id: id,
      type: 'charge.dispute.funds_withdrawn',
      // In another currency, the dollars taken from the USD balance (the sandbox's fixed rate: as settled).
      data: { ...dispute, status: 'needs_response', ...(settled ? { usd_amount: String(settled.settled_usd) } : {}) },
      due_at: at(opened, 1),
    },
    { org_id, object_id: id, type: 'charge.dispute.closed', data: { ...dispute, status: 'lost' }, due_at: evidenceDue },
    // Lost, Crewpay's fee comes back into the payments balance (an application-fee refund) and is paid out with it.
    ...sandboxPayoutEvents({ org_id, charge: `${id}_fee`, net: settled ? settled.settled_fee_usd : options.fee, at: at(evidenceDue, 1) }),
  ];
}

/**
 * The sandbox card and bank processor: Stripe PaymentIntents with Stripe's test cards (3-D Secure
 * ones wait for the payer: POST /v1/sandbox_payments/authenticate, Stripe.js's part), ACH debits
 * settling after SANDBOX_ACH_DELAY_SECONDS on the sandbox clock with Stripe's ACH test accounts,
 * refunds, disputes, and a Plaid-like bank link. Its side (tokens, intents, items, scheduled
 * events, answers per idempotency key) lives in sandbox tables written in its own transactions.
 */
export function createSandboxPaymentsIn(deps: AppDeps): PaymentsInProvider {
  const once = <T>(operation: string, key: string, work: (tx: Tx) => Promise<T>) =>
    onceForKey(deps, { provider: SANDBOX_PROVIDER, operation, idempotency_key: key }, work);

  async function startCard(tx: Tx, options: Parameters<PaymentsInProvider['chargeCard']>[0]): Promise<ProviderCharge | Declined> {
    const [card] = await tx.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.id, options.token));
    if (!card) return { declined: 'invalid_token' };
    const behaviour = cardBehaviour(deps.secrets.decrypt(card.number_sealed));
    if (behaviour.decline && !behaviour.authenticate) return { declined: behaviour.decline };
    const now = await sandboxNow(tx);
    const id = providerId('pi');
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    await tx.insert(sandboxPaymentIntents).values({
      id,
      org_id: options.org_id,
      client_secret: clientSecret,
      status: behaviour.authenticate ? 'requires_action' : 'succeeded',
      decline_code: behaviour.decline ?? null,
      refund_fails: behaviour.refundFails ?? false,
      metadata: {
        ...options.metadata,
        amount: String(options.amount),
        fee: String(options.fee),
        currency: options.currency ?? 'usd',
        dispute: behaviour.dispute ?? '',
      },
    });
    const created_at = now.toISOString();
    if (behaviour.authenticate)
      return {
        provider_id: id,
        status: 'requires_action',
        action: { type: 'authenticate', client_secret: clientSecret, url: null },
        created_at,
      };
    const { org_id, metadata, amount, fee } = options;
    const currency = options.currency ?? 'usd';
    await scheduleSandboxEvents(tx, cardOutcomeEvents({ org_id, id, metadata, now, amount, fee, currency, dispute: behaviour.dispute }));
    return { provider_id: id, status: 'processing', action: null, created_at };
  }

  return {
    name: SANDBOX_PROVIDER,
    ...createSandboxBankLink(deps),
    ...createSandboxRefunds(deps),

    async describeCard(options) {
      const [row] = await deps.db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.id, options.token));
      return row ? { brand: row.brand, last4: row.last4 } : null;
    },

    async chargeCard(options) {
      const charge = await once('payments_in.card_charge', options.idempotency_key, (tx) => startCard(tx, options));
      if ('declined' in charge) throw new ProviderCallError({ code: charge.declined, retryable: false });
      return charge;
    },

    debitBank: (options) =>
      once('payments_in.ach_debit', options.idempotency_key, async (tx): Promise<ProviderCharge> => {
        if (options.source.kind !== 'numbers') throw new ProviderCallError({ code: 'payment_method_unsupported_type', retryable: false });
        const now = await sandboxNow(tx);
        const id = providerId('py');
        const delayMs = deps.config.sandboxAchDelaySeconds * 1000;
        const settleAt = new Date(now.getTime() + delayMs);
        const outcome = debitOutcome(options.source.account_number);
        const base = { org_id: options.org_id, object_id: id, data: options.metadata };
        const events: SandboxEventInput[] =
          outcome?.outcome === 'fail'
            ? [{ ...base, type: 'charge.failed', data: { ...options.metadata, reason: outcome.reason }, due_at: settleAt }]
            : [
                { ...base, type: 'charge.succeeded', due_at: settleAt },
                ...sandboxPayoutEvents({ org_id: options.org_id, charge: id, net: options.amount - options.fee, at: settleAt }),
              ];
        if (outcome?.outcome === 'return')
          events.push({
            ...base,
            type: 'charge.ach_returned',
            data: { ...options.metadata, reason: outcome.reason },
            due_at: new Date(settleAt.getTime() + delayMs),
          });
        await scheduleSandboxEvents(tx, events);
        return { provider_id: id, status: 'processing', action: null, created_at: now.toISOString() };
      }),

    // Stripe's cancel: only a PaymentIntent still waiting for its payer; one that went on is read instead.
    cancelCharge: (options) =>
      once('payments_in.cancel_charge', options.idempotency_key, async (tx): Promise<CanceledCharge> => {
        const [intent] = await tx
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, options.provider_charge_id))
          .for('update');
        // A sandbox bank debit never waits for its payer: it is processing.
        if (!intent) return { outcome: 'going_on', reason: null };
        if (intent.status === 'succeeded') return { outcome: 'going_on', reason: null };
        if (intent.status === 'failed')
          return { outcome: 'failed', reason: intent.decline_code ?? 'payment_intent_authentication_failure' };
        if (intent.status === 'requires_action') {
          await tx.update(sandboxPaymentIntents).set({ status: 'canceled' }).where(eq(sandboxPaymentIntents.id, intent.id));
          const { charge_id, invoice_id } = intent.metadata as ChargeMetadata;
          const now = await sandboxNow(tx);
          // Stripe's payment_intent.canceled, as the sandbox's event.
          await scheduleSandboxEvents(tx, [
            {
              org_id: intent.org_id,
              object_id: intent.id,
              type: 'charge.failed',
              data: { charge_id, invoice_id, reason: 'canceled' },
              due_at: now,
            },
          ]);
        }
        return { outcome: 'canceled', reason: 'canceled' };
      }),

    // The sandbox keeps no connected accounts: the money is the ledger's alone.
    payOutToWallet: async () => {},
  };
}

/**
 * Stripe.js's 3-D Secure step in the sandbox (POST /v1/sandbox_payments/authenticate): the payer
 * completes it (then the card's own outcome) or fails it (payment_intent_authentication_failure).
 */
export async function authenticateSandboxCharge(
  deps: AppDeps,
  options: { client_secret: string; outcome: 'complete' | 'fail' },
): Promise<{ status: 'succeeded' | 'failed' }> {
  const outcome = await deps.db.transaction(async (tx): Promise<'succeeded' | 'failed' | null> => {
    const [intent] = await tx
      .select()
      .from(sandboxPaymentIntents)
      .where(and(eq(sandboxPaymentIntents.client_secret, options.client_secret), eq(sandboxPaymentIntents.status, 'requires_action')))
      .for('update');
    if (!intent) return null;
    const { amount, fee, currency, dispute, ...metadata } = intent.metadata as ChargeMetadata & {
      amount: string;
      fee?: string;
      currency?: string;
      dispute: string;
    };
    const now = await sandboxNow(tx);
    const reason = options.outcome === 'fail' ? 'payment_intent_authentication_failure' : intent.decline_code;
    await tx
      .update(sandboxPaymentIntents)
      .set({ status: reason ? 'failed' : 'succeeded' })
      .where(eq(sandboxPaymentIntents.id, intent.id));
    const base = { org_id: intent.org_id, id: intent.id, metadata, now };
    await scheduleSandboxEvents(
      tx,
      reason
        ? [{ org_id: intent.org_id, object_id: intent.id, type: 'charge.failed', data: { ...metadata, reason }, due_at: now }]
        : cardOutcomeEvents({
            ...base,
            amount: Number(amount),
            fee: Number(fee ?? 0),
            currency: currency ?? 'usd',
            dispute: dispute || undefined,
          }),
    );
    return reason ? 'failed' : 'succeeded';
  });
  if (!outcome) throw new AppError('not_found', 'No payment is waiting for authentication');
  return { status: outcome };
}
