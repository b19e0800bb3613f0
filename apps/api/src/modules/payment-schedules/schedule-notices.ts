import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queueEmails, sendQueuedEmails } from '../email/index.ts';
import { notify } from '../notifications/index.ts';

export const unfundedRunText =
  'A scheduled payment could not be executed: not enough funds in your wallet. It is ready to execute once funds are added.';

/**
 * A scheduled run the wallet could not cover: a notification for the organisation and an email
 * to each owner (they fund the wallet). The texts name no person or amount: the link opens the
 * payment for those signed in.
 */
export async function notifyUnfundedRun(deps: AppDeps, tx: Tx, orgId: string, paymentId: string, uow: Pick<UnitOfWork, 'afterCommit'>) {
  const link = `/payments/${paymentId}`;
  await notify(tx, { org_id: orgId, text: unfundedRunText, link });
  const owners = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.org_id, orgId), eq(users.role, 'owner'), eq(users.is_external, false)));
  const emailIds = await queueEmails(
    tx,
    owners.map((owner) => ({
      org_id: orgId,
      to: owner.email,
      subject: 'A scheduled payment was not executed',
      paragraphs: [unfundedRunText],
      links: [{ label: 'Open the payment', url: `${deps.config.publicUrl}${link}` }],
    })),
  );
  uow.afterCommit(() => sendQueuedEmails(deps.jobs, emailIds));
}
