import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankLinks, sandboxMicrodeposits } from '../../db/schema/index.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { scheduleSandboxEvent } from '../sandbox-events.ts';
import { providerId } from './sandbox.ts';

/** Like Stripe, a descriptor code may be tried a limited number of times; then the link must start over. */
const MAX_VERIFICATION_ATTEMPTS = 10;

export type VerificationResult =
  | { status: 'verified' }
  | { status: 'wrong_code'; attempts_left: number }
  | { status: 'attempts_exceeded' }
  | { status: 'not_pending' }
  | { status: 'not_found' };

export async function findPendingVerification(db: Db, setupIntentId: string) {
  const [row] = await db
    .select({ org_id: bankLinks.org_id, status: bankLinks.status, last4: bankLinks.account_last4, bank_name: bankLinks.bank_name })
    .from(bankLinks)
    .where(eq(bankLinks.setup_intent_id, setupIntentId));
  return row ?? null;
}

/**
 * The sandbox bank's hosted verification: checks the descriptor code and schedules its event
 * (verified, or verification failed after too many attempts) for now; delivered as a signed
 * webhook, its handler then changes the bank link, as it would for Stripe's.
 */
export async function verifyDescriptorCode(db: Db, setupIntentId: string, code: string): Promise<VerificationResult> {
  return db.transaction(async (tx) => {
    const [deposit] = await tx
      .select()
      .from(sandboxMicrodeposits)
      .where(eq(sandboxMicrodeposits.setup_intent_id, setupIntentId))
      .for('update');
    if (!deposit) return { status: 'not_found' };
    const [link] = await tx
      .select()
      .from(bankLinks)
      .where(and(eq(bankLinks.setup_intent_id, setupIntentId), eq(bankLinks.org_id, deposit.org_id)));
    if (!link || link.status !== 'requires_action') return { status: 'not_pending' };
    const now = await sandboxNow(tx);
    const event = { org_id: deposit.org_id, object_id: setupIntentId, due_at: now };
    if (code.trim().toUpperCase() === deposit.descriptor_code) {
      await scheduleSandboxEvent(tx, { ...event, type: 'setup_intent.succeeded', data: { payment_method_id: providerId('pm') } });
      return { status: 'verified' };
    }
    const attempts = deposit.attempts + 1;
    await tx.update(sandboxMicrodeposits).set({ attempts }).where(eq(sandboxMicrodeposits.setup_intent_id, setupIntentId));
    if (attempts >= MAX_VERIFICATION_ATTEMPTS) {
      await scheduleSandboxEvent(tx, {
        ...event,
        type: 'setup_intent.verification_failed',
        data: { reason: 'verification_attempts_exceeded' },
      });
      return { status: 'attempts_exceeded' };
    }
    return { status: 'wrong_code', attempts_left: MAX_VERIFICATION_ATTEMPTS - attempts };
  });
}
