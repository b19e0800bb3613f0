import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** PUT /v1/user: the signed-in person's own display name (null clears it). */
export async function updateProfile(db: DbOrTx, options: { user: User; display_name: string | null }): Promise<User> {
  const [row] = await db
    .update(users)
    .set({ display_name: options.display_name })
    .where(and(eq(users.id, options.user.id), eq(users.org_id, options.user.org_id)))
    .returning();
  // Unreachable but for a user deleted between authentication and this update.
  if (!row) throw new AppError('not_found', 'User not found');
  return row;
}
