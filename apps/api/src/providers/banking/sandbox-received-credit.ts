import type { Db } from '../../db/client.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { scheduleSandboxEvent } from '../sandbox-events.ts';
import { providerId } from './sandbox.ts';

/**
 * The sandbox's side of money arriving at the wallet's own account numbers (an ACH credit or a
 * wire sent by someone else), like Stripe's test helper POST /v1/test_helpers/treasury/received_credits:
 * the bank reports a received credit at once on its clock; the event credits the wallet.
 */
export async function simulateSandboxReceivedCredit(
  db: Db,
  options: { org_id: string; amount: number; network?: 'ach' | 'us_domestic_wire'; description?: string },
): Promise<string> {
  const creditId = providerId('rc');
  await db.transaction(async (tx) =>
    scheduleSandboxEvent(tx, {
      org_id: options.org_id,
      type: 'treasury.received_credit.succeeded',
      object_id: creditId,
      data: {
        amount: String(options.amount),
        network: options.network ?? 'ach',
        description: options.description ?? 'Received credit',
      },
      due_at: await sandboxNow(tx),
    }),
  );
  return creditId;
}
