import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents, type InitiatePreview } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useExecutionPreview, type ExecutionSelection } from '../api/payments.ts';
import { GatedWaitingNotice } from './gated-waiting-notice.tsx';
import { useExecuteWhen } from './execute-when.tsx';

type Props = {
  selection: ExecutionSelection;
  awaiting?: number;
  isOpen: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
const heldForApproval = ({ count, approver_roles }: InitiatePreview['outcomes']['held_for_approval']) =>
  `${plural(count, 'payment')} will be held for approval by ${approver_roles.length === 1 ? `an ${approver_roles[0]}` : approver_roles.length === 0 ? 'another owner or admin' : 'an owner or admin'}: the money is held and nothing is sent until approved.`;

/** Execute Payments asks first: how many, the total, the fees and how many will wait for payout details. */
export function ExecuteConfirmDialog({ selection, awaiting = 0, isOpen, isPending, onConfirm, onClose }: Props) {
  const { data: preview, isFetching } = useExecutionPreview(selection, isOpen);
  const ready = preview && !isFetching;
  const when = useExecuteWhen(selection, onClose);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Execute payments"
      confirmLabel={when.confirmLabel}
      isPending={isPending || when.isPending || !ready}
      onClose={onClose}
      onConfirm={when.confirm(onConfirm)}
    >
      {ready ? (
        <Stack spacing={1} aria-label="Execution summary">
          <Typography>{`Execute ${plural(preview.count, 'payment')} for ${formatCents(preview.amount + preview.fees)}?`}</Typography>
          <Typography
            variant="body2"
            color="text.secondary"
          >{`Payments ${formatCents(preview.amount)} · Fees ${formatCents(preview.fees)}`}</Typography>
          {preview.requires_info > 0 && (
            <Typography variant="body2">{`${plural(preview.requires_info, 'payment')} will wait for payout details: we email the recipients a link, and the money stays held until they answer.`}</Typography>
          )}
          {awaiting > 0 && (
            <Typography variant="body2">{`${plural(awaiting, 'selected payment')} already ${awaiting === 1 ? 'waits' : 'wait'} for payout details: the money is held and goes out when the recipient answers.`}</Typography>
          )}
          {preview.outcomes.held_for_approval.count > 0 && (
            <Typography variant="body2">{heldForApproval(preview.outcomes.held_for_approval)}</Typography>
          )}
          <GatedWaitingNotice waiting={preview.waiting} />
          {when.field}
        </Stack>
      ) : (
        <Typography color="text.secondary">Preparing your payments…</Typography>
      )}
    </ConfirmDialog>
  );
}
