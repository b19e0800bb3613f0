import { randomBytes, randomInt } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { providerEvents, sandboxMicrodeposits } from '../../db/schema/index.ts';
import { queueEmail } from '../../modules/email/outbox.ts';
import { sendQueuedEmails } from '../../modules/email/jobs.ts';
import { sandboxNow } from '../../modules/clock/clock.ts';
import type { BankingProvider } from './types.ts';
import { SANDBOX_ROUTING_NUMBER, sandboxBankName, sandboxOutcome } from './test-accounts.ts';

export const providerId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Like Stripe's descriptor codes: SM and four more characters. */
export const newDescriptorCode = () => `SM${Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

export async function scheduleProviderEvent(
  tx: Tx,
  event: { org_id: string; type: string; object_id: string; data?: Record<string, string>; due_at: Date },
): Promise<string> {
  const id = providerId('evt');
  await tx.insert(providerEvents).values({ id, ...event, data: event.data ?? {} });
  return id;
}

/**
 * The sandbox bank: behaves like Stripe Treasury with its own events on the sandbox clock.
 * ACH settles after SANDBOX_ACH_DELAY_SECONDS; Stripe's test account numbers fail or return.
 */
export function createSandboxBanking(deps: Pick<AppDeps, 'config' | 'jobs'>): BankingProvider {
  const delayMs = deps.config.sandboxAchDelaySeconds * 1000;

  /** Schedules the outcome of an ACH movement: settle, or fail, or settle then return. */
  async function scheduleAchOutcome(
    tx: Tx,
    options: { org_id: string; kind: 'inbound_transfer' | 'outbound_payment'; provider_id: string; account_number: string; now: Date },
  ) {
    const outcome = sandboxOutcome(options.account_number);
    const settleAt = new Date(options.now.getTime() + delayMs);
    const base = { org_id: options.org_id, object_id: options.provider_id };
    const settled = options.kind === 'inbound_transfer' ? 'treasury.inbound_transfer.succeeded' : 'treasury.outbound_payment.posted';
    if (outcome?.outcome === 'fail') {
      await scheduleProviderEvent(tx, {
        ...base,
        type: `treasury.${options.kind}.failed`,
        data: { reason: outcome.reason },
        due_at: settleAt,
      });
      return;
    }
    await scheduleProviderEvent(tx, { ...base, type: settled, due_at: settleAt });
    if (outcome?.outcome === 'return') {
      const returnAt = new Date(settleAt.getTime() + delayMs);
      await scheduleProviderEvent(tx, {
        ...base,
        type: `treasury.${options.kind}.returned`,
        data: { reason: outcome.reason },
        due_at: returnAt,
      });
    }
  }

  return {
    name: 'sandbox',
    now: ({ tx }) => sandboxNow(tx),

    async createFinancialAccount() {
      return {
        provider_account_id: providerId('fa'),
        account_number: `${randomInt(1_000_000, 10_000_000)}${randomInt(10_000, 100_000)}`,
        routing_number: SANDBOX_ROUTING_NUMBER,
      };
    },

    async createSetupIntent({ tx, afterCommit }, options) {
      const setupIntentId = providerId('seti');
      const code = newDescriptorCode();
      await tx.insert(sandboxMicrodeposits).values({ setup_intent_id: setupIntentId, org_id: options.org_id, descriptor_code: code });
      if (options.notify_email) {
        const emailId = await queueEmail(tx, {
          org_id: options.org_id,
          to: options.notify_email,
          subject: 'Verify your bank account',
          paragraphs: [
            `A trial deposit of $0.01 was sent to your bank account ending in ${options.account_number.slice(-4)}.`,
            `Its statement description is ${code}. Enter this code to verify your bank account.`,
          ],
          links: [{ label: 'Verify your bank account', url: this.hostedVerificationUrl(setupIntentId) }],
        });
        afterCommit(() => sendQueuedEmails(deps.jobs, [emailId]));
      }
      return { setup_intent_id: setupIntentId, bank_name: sandboxBankName(options.routing_number), status: 'requires_action' };
    },

    hostedVerificationUrl: (setupIntentId) => `${deps.config.publicUrl}/sandbox/verify/${setupIntentId}`,

    async createInboundTransfer({ tx }, options) {
      const now = await sandboxNow(tx);
      const id = providerId('ibt');
      await scheduleAchOutcome(tx, {
        org_id: options.org_id,
        kind: 'inbound_transfer',
        provider_id: id,
        account_number: options.account_number,
        now,
      });
      return { provider_id: id, status: 'processing', created_at: now };
    },

    async createOutboundPayment({ tx }, options) {
      const now = await sandboxNow(tx);
      const id = providerId('obp');
      await scheduleAchOutcome(tx, {
        org_id: options.org_id,
        kind: 'outbound_payment',
        provider_id: id,
        account_number: options.account_number,
        now,
      });
      return { provider_id: id, status: 'processing', created_at: now };
    },
  };
}
