import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { sandboxPaymentIntents } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { SANDBOX_PROVIDER, scheduleSandboxEvents, type SandboxEventInput } from '../sandbox-events.ts';
import { onceForKey } from '../sandbox-requests.ts';
import type { PaymentsInProvider } from './types.ts';

type RefundPart = Pick<PaymentsInProvider, 'refund' | 'refundFee'>;
const DAY_MS = 86_400_000;

/**
 * Refunds in the sandbox, as Stripe's test mode runs them: a card refund succeeds at once, except
 * the refund-failure test card's (4000 0000 0000 5126), which fails a day later; a bank refund
 * succeeds after SANDBOX_ACH_DELAY_SECONDS. The sandbox keeps no platform balance, so Crewpay's
 * fee share needs no call.
 */
export function createSandboxRefunds(deps: AppDeps): RefundPart {
  return {
    async refund(options) {
      const answer = await onceForKey(
        deps,
        { provider: SANDBOX_PROVIDER, operation: 'payments_in.refund', idempotency_key: options.idempotency_key },
        async (tx) => {
          const now = await sandboxNow(tx);
          const id = `re_${randomBytes(12).toString('hex')}`;
          const [card] = await tx.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, options.provider_charge_id));
          const base = { org_id: options.org_id, object_id: id, data: options.metadata };
          const events: SandboxEventInput[] = card
            ? [{ ...base, type: 'refund.succeeded', due_at: now }]
            : [{ ...base, type: 'refund.succeeded', due_at: new Date(now.getTime() + deps.config.sandboxAchDelaySeconds * 1000) }];
          if (card?.refund_fails)
            events.push({
              ...base,
              type: 'refund.failed',
              data: { ...options.metadata, reason: 'expired_or_canceled_card' },
              due_at: new Date(now.getTime() + DAY_MS),
            });
          await scheduleSandboxEvents(tx, events);
          return { provider_id: id };
        },
      );
      return answer;
    },

    refundFee: async () => {},
  };
}
