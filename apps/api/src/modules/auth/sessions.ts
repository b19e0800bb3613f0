import { and, eq, ne } from 'drizzle-orm';
import type { UserRecord } from '@crewpay/core';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, type User } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';

export type SessionResult = { auth_token: string; is_external: boolean; user: UserRecord };

/** The allowlist of user fields any answer may carry: a new column never leaks by accident. */
export function toUserRecord(user: User, actor: User | null = null, actingExpiresAt: Date | null = null): UserRecord {
  return {
    id: user.id,
    email: user.email,
    org_id: user.org_id,
    role: user.role,
    is_external: user.is_external,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    acting_by: actor
      ? {
          id: actor.id,
          email: actor.email,
          first_name: actor.first_name,
          last_name: actor.last_name,
          display_name: actor.display_name,
          expires_at: actingExpiresAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** `factorVerified`: the sign-in gave a second factor, fresh for sensitive actions from now. */
export async function startSession(
  tx: DbOrTx,
  user: User,
  ttlHours: number,
  options: { factorVerified?: boolean } = {},
): Promise<SessionResult> {
  const auth_token = newSecretToken();
  await tx.insert(sessions).values({
    id: newId(),
    user_id: user.id,
    token_hash: hashToken(auth_token),
    expires_at: new Date(Date.now() + ttlHours * 3_600_000),
    factor_verified_at: options.factorVerified ? new Date() : null,
  });
  return { auth_token, is_external: user.is_external, user: toUserRecord(user) };
}

export async function endSession(tx: DbOrTx, sessionId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.id, sessionId));
}

/** After a password change or reset every other session of the user ends. */
export async function endAllSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.user_id, userId));
}

export async function endOtherSessions(tx: DbOrTx, userId: string, keepSessionId: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, keepSessionId)));
}
