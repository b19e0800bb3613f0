import { eq } from 'drizzle-orm';
import type { TimelineKind } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

type AuditEntry = {
  org_id: string | null;
  /** The real person. */
  actor_user_id: string | null;
  /** The user the action was made as (the same as the actor when nobody is acting as anyone). */
  user_id: string | null;
  action: string;
  target_id?: string | null;
  /** What the target is: the audit log links the row to its page, the object's timeline reads it. */
  target_type?: TimelineKind | null;
  /** The money the action concerns, in cents. */
  amount?: number | null;
  status_code?: number | null;
  /** Ids and plain figures only: no personal data, no secrets. */
  details?: Record<string, string | number | boolean | null>;
};

/** Writes one audit row (in the caller's transaction when given one); answers its id. */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<string> {
  const id = newId();
  await tx.insert(auditLog).values({
    id,
    org_id: entry.org_id,
    actor_user_id: entry.actor_user_id,
    user_id: entry.user_id,
    action: entry.action,
    target_id: entry.target_id ?? null,
    target_type: entry.target_id ? (entry.target_type ?? null) : null,
    amount: entry.amount ?? null,
    status_code: entry.status_code ?? null,
    details: entry.details ?? null,
    completed_at: entry.status_code == null ? null : new Date(),
  });
  return id;
}

/** Completes a row written before its action ran with the outcome (the HTTP status). */
export async function completeAudit(tx: DbOrTx, id: string, statusCode: number): Promise<void> {
  await tx.update(auditLog).set({ status_code: statusCode, completed_at: new Date() }).where(eq(auditLog.id, id));
}
