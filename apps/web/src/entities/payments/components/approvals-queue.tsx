import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { approvalMessages, formatCents, type ApprovalItem } from '@crewpay/core';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { useApprovalQueue, useDecideApproval } from '../api/approvals.ts';

type Decision = { item: ApprovalItem; decision: 'approve' | 'reject' };

/** Cards per page of the queue. */
const PAGE_SIZE = 25;

/** Approve asks for an optional note; Reject asks why (required, as the server does). */
function DecisionDialog({ open, onClose }: { open: Decision | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const decide = useDecideApproval();
  const rejecting = open?.decision === 'reject';
  const missing = rejecting && reason.trim() === '';
  const submit = () => {
    if (!open || missing) return;
    decide.mutate({ id: open.item.payment_id, decision: open.decision, reason }, { onSuccess: onClose });
  };
  return (
    <Dialog open={open !== null} onClose={onClose} fullWidth maxWidth="xs" TransitionProps={{ onExited: () => setReason('') }}>
      <DialogTitle>{rejecting ? 'Reject payment' : 'Approve payment'}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>
          {open ? `${formatCents(open.item.amount)} to ${open.item.recipient_name}` : ''}
          {rejecting ? ': it is canceled and its money goes back to your wallet.' : ''}
        </Typography>
        <TextField
          label={rejecting ? 'Reason' : 'Note (optional)'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          multiline
          required={rejecting}
          error={missing && decide.isError}
          helperText={rejecting ? approvalMessages.reasonRequired : ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color={rejecting ? 'error' : 'primary'} onClick={submit} disabled={missing || decide.isPending}>
          {rejecting ? 'Reject' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ApprovalCard({ item, onDecide }: { item: ApprovalItem; onDecide: (decision: Decision) => void }) {
  return (
    <Card variant="outlined" aria-label={`Payment to ${item.recipient_name}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack spacing={0.5}>
            <Typography variant="subtitle1">
              {formatCents(item.amount)} to {item.recipient_name || 'a payee'}
            </Typography>
            {item.memo && <Typography color="text.secondary">{item.memo}</Typography>}
            <Typography variant="body2">{item.reasons.join(' · ')}</Typography>
            <Typography variant="body2" color="text.secondary">
              Approvals: {item.approvals.length} of {item.required}
              {item.approvals.length > 0 ? ` (${item.approvals.map((approval) => approval.name).join(', ')})` : ''}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {item.can_decide ? (
              <>
                <Button variant="outlined" color="error" onClick={() => onDecide({ item, decision: 'reject' })}>
                  Reject
                </Button>
                <Button variant="contained" onClick={() => onDecide({ item, decision: 'approve' })}>
                  Approve
                </Button>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                Another owner or admin decides this one
              </Typography>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /payments?tab=approval_payments: the payments awaiting approval, each with Approve and Reject. */
export function ApprovalsQueue() {
  const paging = useKeysetPaging('approvals');
  const { page, cursor, record, onPageChange } = paging;
  const { data, isPending } = useApprovalQueue({ pageSize: PAGE_SIZE, startingAfter: cursor });
  useEffect(() => record(page, data), [record, page, data]);
  // Deciding the last card of a later page leaves that page empty: back to the first.
  const emptied = page > 0 && data?.data.length === 0;
  useEffect(() => {
    if (emptied) onPageChange(0);
  }, [emptied, onPageChange]);
  const [open, setOpen] = useState<Decision | null>(null);
  if (isPending) return null;
  if (!data || data.data.length === 0) return <Alert severity="info">No payments are awaiting approval.</Alert>;
  return (
    <Stack spacing={1.5}>
      {data.data.map((item) => (
        <ApprovalCard key={item.payment_id} item={item} onDecide={setOpen} />
      ))}
      <TablePagination
        component="div"
        count={paging.total ?? -1}
        page={page}
        onPageChange={(_event, next) => onPageChange(next)}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[PAGE_SIZE]}
        slotProps={{ actions: { nextButton: { disabled: !data.has_more } } }}
      />
      <DecisionDialog open={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
