import { eq } from 'drizzle-orm';
import type { ProviderAccountState } from '../../providers/banking/index.ts';
import { publishDomainEvent, type ProviderEventHandler } from '../../events/dispatcher.ts';
import { connectedAccounts } from '../../db/schema/index.ts';
import { saveAccountState } from './onboarding.ts';

/**
 * account.updated: what the provider still needs of the organisation's account (requirements,
 * past due ones, why it is disabled, its treasury capability). Kept when newer than what is kept
 * (events may come out of order); an account we have not stored yet waits. When the provider
 * starts asking for something, every member is told (the bell links to the verification page).
 */
export const accountEvents: ProviderEventHandler = {
  handles: (type) => type === 'account.updated',
  async apply(unit, event) {
    const { tx } = unit;
    const [before] = await tx.select().from(connectedAccounts).where(eq(connectedAccounts.org_id, event.org_id)).for('update');
    if (!before) return 'retry_later';
    const state = JSON.parse(event.data.state ?? '{}') as ProviderAccountState;
    if (!Array.isArray(state.requirements) || !(await saveAccountState(tx, event.org_id, state))) return;
    if (before.requirements.length === 0 && state.requirements.length > 0)
      await publishDomainEvent(unit, {
        org_id: event.org_id,
        type: 'onboarding.action_required',
        data: { count: state.requirements.length },
      });
  },
};
