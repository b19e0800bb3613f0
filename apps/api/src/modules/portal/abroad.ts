import { and, eq } from 'drizzle-orm';
import type { PayeeAbroadSubmission, PayeeAbroadView } from '@crewpay/core';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inUnit } from '../../events/dispatcher.ts';
import { creators, orgs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { sendQueuedEmails } from '../email/index.ts';
import { findPayeesAbroad, payeeAbroadView } from '../nium/index.ts';
import { applyAbroadPayeeDetails } from '../payees/index.ts';
import { runProviderCallsSoon } from '../provider-calls/index.ts';
import { inScope, type PortalScope } from './scope.ts';

const notFound = () => new AppError('not_found', 'Creator not found');

/** One of the signed-in user's own creator rows (within the scope: one organisation while acted as); anyone else's is not found. */
async function ownCreator(tx: DbOrTx, scope: PortalScope, id: string, forUpdate = false) {
  const query = tx
    .select({ creator: creators, org: orgs })
    .from(creators)
    .innerJoin(orgs, eq(orgs.id, creators.org_id))
    .where(and(eq(creators.id, id), eq(creators.user_id, scope.user.id), inScope(scope, creators.org_id)));
  const [row] = forUpdate ? await query.for('update', { of: creators }) : await query;
  if (!row) throw notFound();
  return row;
}

/** GET /v1/creators/user/{id}/abroad: the payee's own details abroad with that organisation (tok_ values and last 4), or null. */
export async function ownAbroadDetails(db: DbOrTx, scope: PortalScope, id: string): Promise<PayeeAbroadView | null> {
  const { creator } = await ownCreator(db, scope, id);
  const row = (await findPayeesAbroad(db, creator.org_id, [creator.id])).get(creator.id);
  return row ? payeeAbroadView(row) : null;
}

/**
 * PUT /v1/creators/user/{id}/abroad: the payee gives or changes their bank details abroad in the
 * portal. The payee link's path (applyAbroadPayeeDetails: the corridor's fields checked and
 * sealed, the change recorded and told to the owners, waiting payments started through Nium),
 * recorded as the portal's, by the signed-in person.
 */
export async function updateOwnAbroadDetails(
  deps: AppDeps,
  options: { scope: PortalScope; id: string; body: PayeeAbroadSubmission; changed_by_user_id: string },
): Promise<PayeeAbroadView> {
  const { view, emailIds, callIds } = await inUnit(deps, async (unit) => {
    const { creator, org } = await ownCreator(unit.tx, options.scope, options.id, true);
    const applied = await applyAbroadPayeeDetails(unit, {
      org,
      recipient: creator.id,
      recipient_role: 'creator',
      body: options.body,
      portal: { changed_by_user_id: options.changed_by_user_id },
    });
    const row = (await findPayeesAbroad(unit.tx, org.id, [creator.id])).get(creator.id);
    if (!row) throw notFound();
    return { view: payeeAbroadView(row), emailIds: applied.emailIds, callIds: applied.callIds };
  });
  await runProviderCallsSoon(deps, callIds);
  await sendQueuedEmails(deps.jobs, emailIds);
  return view;
}
