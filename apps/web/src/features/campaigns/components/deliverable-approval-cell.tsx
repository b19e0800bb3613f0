import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeDeliverableApproval, type DeliverableRecord } from '@crewpay/core';
import { useDecideDeliverable } from '../api/deliverables.ts';

/**
 * A deliverable's approval in its row: who decided and when, and for owners and admins the
 * decision itself (the server refuses anyone else). Approving releases the payments waiting for it.
 */
export function DeliverableApprovalCell({ row, canDecide }: { row: DeliverableRecord; canDecide: boolean }) {
  const decide = useDecideDeliverable(row.campaign_id);
  const choose = (status: 'approved' | 'changes_requested') => decide.mutate({ id: row.id, status });
  return (
    <Stack direction="row" spacing={1} sx={{ height: '100%', width: '100%', minWidth: 0, alignItems: 'center' }}>
      <Typography variant="body2" title={describeDeliverableApproval(row)} noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
        {describeDeliverableApproval(row)}
      </Typography>
      {canDecide && row.approval_status !== 'approved' && (
        <Button
          size="small"
          disabled={decide.isPending}
          sx={{ flexShrink: 0 }}
          aria-label={`Approve ${row.description}`}
          onClick={() => choose('approved')}
        >
          Approve
        </Button>
      )}
      {canDecide && row.approval_status !== 'changes_requested' && (
        <Button
          size="small"
          color="inherit"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={decide.isPending}
          aria-label={`Request changes to ${row.description}`}
          onClick={() => choose('changes_requested')}
        >
          Request changes
        </Button>
      )}
    </Stack>
  );
}
