import { useMutation } from '@tanstack/react-query';
import type { SessionAnswer, SetPasswordFromLinkBody } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session/start-session.ts';

type Variables = SetPasswordFromLinkBody & { linkId: string };

const setPasswordFromLink = ({ linkId, password }: Variables) =>
  api.post<SessionAnswer>('/v1/expiring_link', { password }, { query: { id: linkId } });

/** POST /v1/expiring_link?id=: sets the new password and signs the person in. */
export function useSetPasswordFromLink() {
  return useMutation({
    mutationFn: setPasswordFromLink,
    onSuccess: startSession,
    meta: {
      errorMessage: 'There was an issue creating a new passsword for your account',
      successMessage: 'Password has been updated.',
    },
  });
}
