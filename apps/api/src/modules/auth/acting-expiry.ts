import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, type User } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * Ends acting whose time is up, seen by the session lookup (plugins/auth.ts). The update only
 * takes a session still acting as that user past its end, so two requests arriving together
 * record the end once.
 */
export async function endExpiredActing(db: Db, options: { session_id: string; actor: User; acted_as: User }): Promise<void> {
  const { actor, acted_as } = options;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ acting_as_user_id: null, acting_started_at: null, acting_expires_at: null })
      .where(
        and(
          eq(sessions.id, options.session_id),
          eq(sessions.acting_as_user_id, acted_as.id),
          or(isNull(sessions.acting_expires_at), lte(sessions.acting_expires_at, new Date())),
        ),
      )
      .returning({ id: sessions.id });
    if (ended.length === 0) return;
    await recordAudit(tx, {
      org_id: actor.org_id,
      actor_user_id: actor.id,
      user_id: acted_as.id,
      action: 'login_as.expired',
      target_id: acted_as.id,
      status_code: 200,
    });
  });
}
