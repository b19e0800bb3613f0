import type { Tx } from '../../db/client.ts';
import { providerEvents } from '../../db/schema/index.ts';
import { providerId } from '../banking/sandbox.ts';
import { sandboxOutcome, type SandboxOutcome } from '../banking/test-accounts.ts';
import type { PayoutDestination, PayoutRequest, PayoutsProvider } from './types.ts';

/** PayPal sandbox receivers that fail (documented in docs/payments.md). */
export const sandboxPaypalReceivers: Record<string, SandboxOutcome> = {
  'unregistered@paypal.sandbox': { outcome: 'fail', reason: 'RECEIVER_UNREGISTERED' },
  'blocked@paypal.sandbox': { outcome: 'fail', reason: 'RECEIVER_ACCOUNT_LOCKED' },
  'refunded@paypal.sandbox': { outcome: 'return', reason: 'RETURNED' },
};
/** Venmo sandbox receivers (phone numbers, as stored: +1 and ten digits) that fail. */
export const sandboxVenmoReceivers: Record<string, SandboxOutcome> = {
  '+15555550100': { outcome: 'fail', reason: 'RECEIVER_UNREGISTERED' },
  '+15555550101': { outcome: 'return', reason: 'RETURNED' },
};

const PREFIX: Record<PayoutDestination['method'], string> = { stripe: 'po', nium: 'nium', paypal: 'ppo', venmo: 'vmo' };

export function sandboxPayoutOutcome(destination: PayoutDestination): SandboxOutcome | null {
  switch (destination.method) {
    case 'stripe':
    case 'nium':
      return sandboxOutcome(destination.account_number);
    case 'paypal':
      return sandboxPaypalReceivers[destination.paypal_email.toLowerCase()] ?? null;
    case 'venmo':
      return sandboxVenmoReceivers[destination.venmo_phone_number] ?? null;
  }
}

/**
 * Every rail in the sandbox: a payout settles (payout.paid) after the rail's delay on the sandbox
 * clock, or fails, or settles and is returned one more delay later, as the test receivers say.
 */
export function createSandboxPayouts(options: { delaySeconds: number }): PayoutsProvider {
  const delayMs = options.delaySeconds * 1000;
  return {
    name: 'sandbox',
    async createPayouts(tx: Tx, requests: PayoutRequest[], now: Date) {
      const ids = requests.map((request) => providerId(PREFIX[request.destination.method]));
      const settleAt = new Date(now.getTime() + delayMs);
      const returnAt = new Date(settleAt.getTime() + delayMs);
      const events = requests.flatMap((request, index) => {
        const outcome = sandboxPayoutOutcome(request.destination);
        const base = { org_id: request.org_id, object_id: ids[index]!, data: { payment_id: request.payment_id } };
        if (outcome?.outcome === 'fail')
          return [
            { ...base, id: providerId('evt'), type: 'payout.failed', data: { ...base.data, reason: outcome.reason }, due_at: settleAt },
          ];
        const paid = { ...base, id: providerId('evt'), type: 'payout.paid', due_at: settleAt };
        if (outcome?.outcome !== 'return') return [paid];
        return [
          paid,
          { ...base, id: providerId('evt'), type: 'payout.returned', data: { ...base.data, reason: outcome.reason }, due_at: returnAt },
        ];
      });
      for (let start = 0; start < events.length; start += 2000) await tx.insert(providerEvents).values(events.slice(start, start + 2000));
      return ids;
    },
  };
}
