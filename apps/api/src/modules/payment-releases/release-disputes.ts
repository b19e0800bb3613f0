import { and, eq } from 'drizzle-orm';
import { paymentReleaseMessages } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { paymentReleases } from '../../db/schema/index.ts';
import type { DomainEvent } from '../../events/dispatcher.ts';

/**
 * Domain event handler, in the transaction that closed an invoice's dispute: won, the payments
 * its hold kept back wait again, and the funds-arrived hook the close announces after commit
 * executes them (release-run.ts, once: the release row is locked and marked released); lost, the
 * invoice is open again and they stay held, saying why. A duplicated close is not announced again
 * (the dispute is closed already), and a release no longer held is left as it is.
 */
export async function followDisputeClose(db: DbOrTx, event: DomainEvent): Promise<void> {
  if (event.type !== 'invoice.dispute_closed' || typeof event.data.invoice_id !== 'string') return;
  const won = event.data.status === 'won';
  await db
    .update(paymentReleases)
    .set(won ? { status: 'waiting', reason: null } : { reason: paymentReleaseMessages.disputeLost })
    .where(
      and(
        eq(paymentReleases.org_id, event.org_id),
        eq(paymentReleases.invoice_id, event.data.invoice_id),
        eq(paymentReleases.status, 'held'),
      ),
    );
}
