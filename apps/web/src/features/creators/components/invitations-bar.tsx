import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { InviteCreatorsBody } from '@crewpay/core';
import { notifySuccess } from '../../../lib/notify.ts';
import { useInviteCreators, usePendingInvitations } from '../api/bulk-add-creators.ts';

const invitedMessage = (count: number) =>
  count === 0 ? 'These creators were already invited' : `${count.toLocaleString('en-US')} invitation${count === 1 ? '' : 's'} sent`;

/** Sends invitations and says how many went out (creators already invited are skipped by the server). */
export function useSendInvitations() {
  const invite = useInviteCreators();
  const send = (body: InviteCreatorsBody, onDone?: () => void) =>
    invite.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(invitedMessage(answer.invited));
        onDone?.();
      },
    });
  return { send, isPending: invite.isPending };
}

/** Shown while an import's creators wait for the invitation it left for later: one click invites them all. */
export function InvitationsBar() {
  const { data } = usePendingInvitations();
  const { send, isPending } = useSendInvitations();
  const waiting = data?.later ?? 0;
  if (waiting === 0) return null;
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" loading={isPending} onClick={() => send({ all: true })}>
          Invite all
        </Button>
      }
    >
      {waiting === 1
        ? '1 creator has not been sent their invitation yet.'
        : `${waiting.toLocaleString('en-US')} creators have not been sent their invitation yet.`}
    </Alert>
  );
}
