import { and, eq, inArray } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { paymentApprovals, users, type Payment, type User } from '../../db/schema/index.ts';
import { queueEmails, sendQueuedEmails, type OutgoingEmail } from '../email/index.ts';
import { loadRecipients, recipientName } from './recipients.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };

/** The Approvals tab on /payments, where approvers decide. */
const QUEUE_PATH = '/payments?tab=approval_payments';

const personName = (user: Pick<User, 'display_name' | 'first_name' | 'last_name' | 'email'> | undefined) =>
  user ? user.display_name || recipientName(user) : 'An API key or a scheduled run';

/** The organisation's team (not its creators or customers): who asked, and among them the owners and admins who decide. */
const teamOf = (tx: DbOrTx, orgId: string) =>
  tx
    .select()
    .from(users)
    .where(and(eq(users.org_id, orgId), eq(users.is_external, false)));
const APPROVER_ROLES: User['role'][] = ['owner', 'admin'];

/**
 * Who may approve payments held for approval: the roles of the owners and admins who made none
 * of them (neither created nor executed it, executing now: `executedBy`). Empty: no one yet.
 */
export async function approverRolesFor(
  tx: DbOrTx,
  orgId: string,
  rows: Pick<Payment, 'created_by_user_id'>[],
  executedBy: string | null,
): Promise<('owner' | 'admin')[]> {
  if (rows.length === 0) return [];
  const team = await teamOf(tx, orgId);
  const eligible = team.filter(
    (user) => APPROVER_ROLES.includes(user.role) && user.id !== executedBy && rows.some((row) => row.created_by_user_id !== user.id),
  );
  return (['owner', 'admin'] as const).filter((role) => eligible.some((user) => user.role === role));
}

/**
 * A payment that went to "Awaiting approval": one email to each owner or admin who may decide it
 * (never its creator or executor). Written in the transaction that created its pending approval,
 * which exists once per payment (a unique index): the emails go out once, or not at all when the
 * execution rolls back.
 */
export async function emailApprovers(deps: AppDeps, ctx: Ctx, orgId: string, waiting: Payment[]): Promise<void> {
  if (waiting.length === 0) return;
  const [team, approvals, recipients] = await Promise.all([
    teamOf(ctx.tx, orgId),
    ctx.tx
      .select()
      .from(paymentApprovals)
      .where(
        and(
          eq(paymentApprovals.org_id, orgId),
          eq(paymentApprovals.status, 'pending'),
          inArray(
            paymentApprovals.payment_id,
            waiting.map((row) => row.id),
          ),
        ),
      ),
    loadRecipients(
      ctx.tx,
      orgId,
      waiting.map((row) => row.recipient),
    ),
  ]);
  const byId = new Map(team.map((user) => [user.id, user]));
  const approvers = team.filter((user) => APPROVER_ROLES.includes(user.role));
  const approvalOf = new Map(approvals.map((approval) => [approval.payment_id, approval]));
  const messages = waiting.flatMap((payment) => {
    const executor = approvalOf.get(payment.id)?.executed_by_user_id ?? null;
    const makers = [payment.created_by_user_id, executor];
    const recipient = recipients.creators.get(payment.recipient) ?? recipients.users.get(payment.recipient);
    const asked = personName(byId.get(executor ?? '') ?? byId.get(payment.created_by_user_id ?? ''));
    const text = `${asked} asked for approval of a payment of ${formatCents(payment.amount)} to ${recipient ? recipientName(recipient) : 'a payee'}.`;
    return approvers
      .filter((approver) => !makers.includes(approver.id))
      .map((approver): OutgoingEmail => ({
        org_id: orgId,
        to: approver.email,
        subject: 'A payment is awaiting your approval',
        paragraphs: [text, ...(payment.memo ? [`Memo: ${payment.memo}`] : []), 'Approve or reject it on the Approvals tab.'],
        links: [{ label: 'Open the Approvals tab', url: `${deps.config.publicUrl}${QUEUE_PATH}` }],
      }));
  });
  await sendSoon(deps, ctx, messages);
}

/** Queued in the caller's transaction; delivered once it commits (the outbox sweep retries a failure). */
async function sendSoon(deps: AppDeps, ctx: Ctx, messages: OutgoingEmail[]) {
  if (messages.length === 0) return;
  const ids = await queueEmails(ctx.tx, messages);
  ctx.afterCommit(() => sendQueuedEmails(deps.jobs, ids));
}
