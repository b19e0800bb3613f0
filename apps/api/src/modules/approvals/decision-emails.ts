import { and, eq } from 'drizzle-orm';
import { formatCents } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { Tx } from '../../db/client.ts';
import { users, type Payment, type PaymentApproval } from '../../db/schema/index.ts';
import { queueEmails, sendQueuedEmails } from '../email/index.ts';
import { loadRecipients, recipientName } from '../payments/index.ts';

type Ctx = { tx: Tx; afterCommit: (task: () => Promise<void>) => void };

/**
 * The decision that completes an approval (the last approval it needs, or a rejection): the
 * person who asked (who executed it, else who created it) is told which, with the reason.
 */
export async function emailRequester(
  deps: AppDeps,
  ctx: Ctx,
  payment: Payment,
  approval: PaymentApproval,
  decision: { approved: boolean; reason: string },
): Promise<void> {
  const asker = approval.executed_by_user_id ?? payment.created_by_user_id;
  if (!asker) return;
  const [[requester], recipients] = await Promise.all([
    ctx.tx
      .select()
      .from(users)
      .where(and(eq(users.id, asker), eq(users.org_id, payment.org_id), eq(users.is_external, false))),
    loadRecipients(ctx.tx, payment.org_id, [payment.recipient]),
  ]);
  if (!requester) return;
  const recipient = recipients.creators.get(payment.recipient) ?? recipients.users.get(payment.recipient);
  const what = `Your payment of ${formatCents(payment.amount)} to ${recipient ? recipientName(recipient) : 'a payee'}`;
  const reason = decision.reason.trim();
  // Queued in the decision's transaction; delivered once it commits (the outbox sweep retries a failure).
  const ids = await queueEmails(ctx.tx, [
    {
      org_id: payment.org_id,
      to: requester.email,
      subject: decision.approved ? 'Your payment was approved' : 'Your payment was rejected',
      paragraphs: [
        decision.approved
          ? `${what} was approved and is on its way.`
          : `${what} was rejected: it is canceled and its money is back in the wallet.`,
        ...(reason ? [`Reason: ${reason}`] : []),
      ],
      links: [{ label: 'Open the payment', url: `${deps.config.publicUrl}/payments/${payment.id}` }],
    },
  ]);
  ctx.afterCommit(() => sendQueuedEmails(deps.jobs, ids));
}
