import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { payments, type Creator, type Org, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxNow } from '../../lib/clock.ts';
import { startPayouts } from '../payments/index.ts';
import type { PayoutDestination } from '../../providers/payouts/index.ts';

/*
 * What a payee's own submission does the same whether paid at home (payee.ts) or abroad
 * (payee-abroad.ts): the legal identity executed payments were made to is kept, and the payments
 * waiting for details start. Both of those files import this one; it imports neither.
 */

/** Statuses of payments that have been executed towards a payout: the identity they were made to stays. */
const EXECUTED = ['processing', 'succeeded', 'returned', 'failed'] as const;

const identityLockedMessage = (orgName: string) =>
  `Your legal name is already on file with ${orgName} for payments made to you. Contact ${orgName} to change it.`;

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether the person's identity on file is a business (agents and managers keep the legal entity type only). */
const isBusinessOnFile = (person: Creator | User) =>
  'entity_type' in person ? person.entity_type === 'business' : (person.legal_entity_type ?? 'individual') !== 'individual';

/** Whether the submitted legal identity differs from the one payments were already executed to. */
type Identity = { entity_type: string; business_name?: string | null; first_name?: string | null; last_name?: string | null };
function changesIdentity(person: Creator | User, body: Identity): boolean {
  const isBusiness = body.entity_type !== 'individual';
  if (isBusinessOnFile(person) !== isBusiness) return true;
  if (isBusiness) return !same(person.business_name, body.business_name);
  return !same(person.first_name, body.first_name) || !same(person.last_name, body.last_name);
}

async function hasExecutedPayments(tx: DbOrTx, orgId: string, recipient: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.recipient, recipient), inArray(payments.status, [...EXECUTED])))
    .limit(1);
  return Boolean(row);
}

/**
 * Refuses a submission that would rewrite the legal identity executed payments were made to.
 * Answers whether the identity is locked (then the caller leaves it as it is on file).
 */
export async function assertIdentityKept(
  tx: DbOrTx,
  options: { org: Org; recipient: string; current: Creator | User; body: Identity },
): Promise<boolean> {
  const { org, recipient, current, body } = options;
  const isIdentityLocked = await hasExecutedPayments(tx, org.id, recipient);
  if (isIdentityLocked && changesIdentity(current, body))
    throw new AppError('validation_error', identityLockedMessage(org.name), {
      field: body.entity_type === 'individual' ? 'first_name' : 'business_name',
    });
  return isIdentityLocked;
}

/**
 * Every payment of this recipient waiting for details (locked) starts towards the destination,
 * when there is one. The provider calls are made after the caller's commit:
 * runProviderCallsSoon(deps, callIds).
 */
export async function startWaitingPayouts(
  deps: AppDeps,
  tx: Tx,
  options: { org: Org; recipient: string; destination: PayoutDestination | null },
) {
  const { org, recipient, destination } = options;
  const waiting = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, org.id),
        eq(payments.recipient, recipient),
        eq(payments.status, 'requires_info'),
        eq(payments.is_deleted, false),
      ),
    )
    .orderBy(payments.id)
    .for('update');
  const callIds = destination
    ? await startPayouts(
        deps,
        tx,
        org.id,
        waiting.map((payment) => ({ payment, destination })),
        await sandboxNow(tx),
      )
    : [];
  return { callIds, started: destination ? waiting : [] };
}
