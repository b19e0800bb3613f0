import { signInMessages, type SignInAudience } from '@crewpay/core';
import type { User } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * The sign-in toggle means something: the wrong side is told which one to use (only once the
 * person proved who they are, so it tells nothing about accounts to anyone else).
 */
export function checkAudience(user: User, audience: SignInAudience | undefined): void {
  if (audience === 'team' && user.is_external) throw new AppError('forbidden', signInMessages.useCreatorSide, { field: 'audience' });
  if (audience === 'creator' && !user.is_external) throw new AppError('forbidden', signInMessages.useTeamSide, { field: 'audience' });
}
