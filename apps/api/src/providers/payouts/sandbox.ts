import type { AppDeps } from '../../deps.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { ProviderCallError } from '../contract.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvents } from '../sandbox-events.ts';
import { isFirstRequest, onceForKeyAnswering } from '../sandbox-requests.ts';
import { providerId } from '../banking/sandbox.ts';
import { sandboxOutcome } from '../banking/test-accounts.ts';
import { sandboxPaypalBatch } from './sandbox-paypal.ts';
import type { PayoutDestination, PayoutRequest, PayoutsProvider } from './types.ts';

/**
 * A PayPal receiver whose batch the rail answers "service unavailable" (a 503) the first time:
 * the call is tried again with the same key and then goes through.
 */
const SANDBOX_BUSY_PAYPAL_RECEIVER = 'busy@paypal.sandbox';

const PREFIX: Record<PayoutDestination['method'], string> = { stripe: 'po', nium: 'nium', paypal: 'ppo', venmo: 'vmo' };

/**
 * Every rail in the sandbox: a payout settles (payout.paid) after the rail's delay on the sandbox
 * clock, or fails, or settles and is returned one more delay later, as the test receivers say;
 * PayPal and Venmo items are paid from the organisation's sandbox PayPal account (sandbox-paypal.ts).
 * Its schedule is the sandbox's own (sandbox_events), written in its own transaction.
 */
export function createSandboxPayouts(deps: Pick<AppDeps, 'config' | 'db' | 'secrets'>): PayoutsProvider {
  const delayMs = deps.config.sandboxAchDelaySeconds * 1000;
  return {
    name: SANDBOX_PROVIDER,
    createPayouts: async (options) => {
      const isBusy = options.payouts.some(
        ({ destination }) => destination.method === 'paypal' && destination.paypal_email.toLowerCase() === SANDBOX_BUSY_PAYPAL_RECEIVER,
      );
      if (
        isBusy &&
        (await isFirstRequest(deps, { provider: SANDBOX_PROVIDER, operation: 'payouts.busy', key: `busy:${options.idempotency_key}` }))
      )
        throw new ProviderCallError({ code: 'service_unavailable', retryable: true });
      const answer = () =>
        options.payouts.map((request) => ({ payment_id: request.payment_id, payout_id: providerId(PREFIX[request.destination.method]) }));
      return onceForKeyAnswering(
        deps,
        { provider: SANDBOX_PROVIDER, operation: 'payouts.create', idempotency_key: options.idempotency_key },
        {
          answer,
          work: async (tx, started) => {
            const now = await sandboxNow(tx);
            const settleAt = new Date(now.getTime() + delayMs);
            const returnAt = new Date(settleAt.getTime() + delayMs);
            const isPaypal = (request: PayoutRequest) => request.destination.method === 'paypal' || request.destination.method === 'venmo';
            const paypal = await sandboxPaypalBatch(tx, {
              org_id: options.org_id,
              now,
              delayMs,
              payouts: options.payouts.filter(isPaypal),
              started: started.filter((_, index) => isPaypal(options.payouts[index]!)),
            });
            const bankEvents = options.payouts.flatMap((request, index) => {
              if (request.destination.method !== 'stripe') return [];
              const outcome = sandboxOutcome(request.destination.account_number);
              const base = { org_id: options.org_id, object_id: started[index]!.payout_id, data: { payment_id: request.payment_id } };
              if (outcome?.outcome === 'fail')
                return [{ ...base, type: 'payout.failed', data: { ...base.data, reason: outcome.reason }, due_at: settleAt }];
              const paid = { ...base, type: 'payout.paid', due_at: settleAt };
              if (outcome?.outcome !== 'return') return [paid];
              return [paid, { ...base, type: 'payout.returned', data: { ...base.data, reason: outcome.reason }, due_at: returnAt }];
            });
            await scheduleSandboxEvents(tx, [...bankEvents, ...paypal]);
          },
        },
      );
    },
  };
}
