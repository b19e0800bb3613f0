import { useMutation } from '@tanstack/react-query';
import type { EmailChangedAnswer } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { currentUserKey } from '../../../lib/session/current-user.ts';

const confirmEmail = (id: string) => api.post<EmailChangedAnswer>('/v1/users/email/confirm', { id });

/** POST /v1/users/email/confirm: the account moves to the new address; a signed-in screen shows it at once. */
export function useConfirmEmail() {
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
    // The page shows why a link failed in place of its button.
    meta: { isSilent: true },
  });
}
