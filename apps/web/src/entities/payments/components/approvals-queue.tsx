import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
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
import { formatDateTime } from '../../../lib/format.ts';
import { useApprovalQueue, useDecideApproval, useDecideApprovals } from '../api/approvals.ts';

type Decision = { item: ApprovalItem; decision: 'approve' | 'reject' };

/** Cards per page of the queue. */
const PAGE_SIZE = 25;

type ReasonProps = {
  isOpen: boolean;
  isRejecting: boolean;
  title: string;
  /** What is decided, above the note or reason. */
  lead: ReactNode;
  isPending: boolean;
  /** The decision was refused: a missing reason shows as the field's error. */
  isError?: boolean;
  onDecide: (reason: string) => void;
  onClose: () => void;
};

/** Approve asks for an optional note; Reject asks why (required, as the server does). The text is forgotten once the dialog has closed. */
function ReasonDialog({ isOpen, isRejecting, title, lead, isPending, isError = false, onDecide, onClose }: ReasonProps) {
  const [reason, setReason] = useState('');
  const missing = isRejecting && reason.trim() === '';
  const submit = () => {
    if (!missing) onDecide(reason);
  };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs" TransitionProps={{ onExited: () => setReason('') }}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{lead}</Typography>
        <TextField
          label={isRejecting ? 'Reason' : 'Note (optional)'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          multiline
          required={isRejecting}
          error={missing && isError}
          helperText={isRejecting ? approvalMessages.reasonRequired : ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color={isRejecting ? 'error' : 'primary'} onClick={submit} disabled={missing || isPending}>
          {isRejecting ? 'Reject' : 'Approve'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One payment's decision. */
function DecisionDialog({ open, onClose }: { open: Decision | null; onClose: () => void }) {
  const decide = useDecideApproval();
  const rejecting = open?.decision === 'reject';
  return (
    <ReasonDialog
      isOpen={open !== null}
      isRejecting={rejecting}
      title={rejecting ? 'Reject payment' : 'Approve payment'}
      lead={
        <>
          {open ? `${formatCents(open.item.amount)} to ${open.item.recipient_name}` : ''}
          {rejecting ? ': it is canceled and its money goes back to your wallet.' : ''}
        </>
      }
      isPending={decide.isPending}
      isError={decide.isError}
      onDecide={(reason) => {
        if (open) decide.mutate({ id: open.item.payment_id, decision: open.decision, reason }, { onSuccess: onClose });
      }}
      onClose={onClose}
    />
  );
}

/** "Executed by Sam Maker on 11/28/2026 (created by Ana Owner)": the maker and the date, as people write them. */
function makerInWords(item: ApprovalItem): string {
  const by = item.executed_by_name ? ` by ${item.executed_by_name}` : '';
  const created = item.created_by_name ? ` (created by ${item.created_by_name})` : '';
  return `Executed${by} on ${formatDateTime(item.executed_at)}${created}`;
}

type CardProps = { item: ApprovalItem; isChosen: boolean; onChoose: (chosen: boolean) => void; onDecide: (decision: Decision) => void };

function ApprovalCard({ item, isChosen, onChoose, onDecide }: CardProps) {
  const payee = item.recipient_name || 'a payee';
  const payeeLink = item.recipient_role === 'creator' ? `/creators/${item.recipient}` : `/agentsManagers/${item.recipient}`;
  return (
    <Card variant="outlined" aria-label={`Payment to ${item.recipient_name}`}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
            {item.can_decide && (
              <Checkbox
                checked={isChosen}
                onChange={(event) => onChoose(event.target.checked)}
                slotProps={{ input: { 'aria-label': `Choose the payment to ${payee}` } }}
                sx={{ mt: -0.75, ml: -1 }}
              />
            )}
            <Stack spacing={0.5} sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1">
                {formatCents(item.amount)} to{' '}
                <Link component={RouterLink} to={payeeLink}>
                  {payee}
                </Link>
              </Typography>
              {item.memo && <Typography color="text.secondary">{item.memo}</Typography>}
              <Typography variant="body2">{item.reasons.join(' · ')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {makerInWords(item)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Approvals: {item.approvals.length} of {item.required}
                {item.approvals.length > 0 ? ` (${item.approvals.map((approval) => approval.name).join(', ')})` : ''}
              </Typography>
              <Link component={RouterLink} to={`/payments/${item.payment_id}`} variant="body2">
                Open the payment
              </Link>
            </Stack>
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

type Bulk = { ids: string[]; decision: 'approve' | 'reject' };

/** Approve or reject every chosen payment at once: one note (approve) or one reason (reject, required) for all. */
function BulkDecisionDialog({ open, onClose }: { open: Bulk | null; onClose: () => void }) {
  const decide = useDecideApprovals();
  const rejecting = open?.decision === 'reject';
  const count = open?.ids.length ?? 0;
  const what = `${count} payment${count === 1 ? '' : 's'}`;
  return (
    <ReasonDialog
      isOpen={open !== null}
      isRejecting={rejecting}
      title={rejecting ? `Reject ${what}` : `Approve ${what}`}
      lead={rejecting ? 'They are canceled and their money goes back to your wallet.' : 'Each is sent once it has the approvals it needs.'}
      isPending={decide.isPending}
      onDecide={(reason) => {
        if (open) decide.mutate({ ids: open.ids, decision: open.decision, reason }, { onSuccess: onClose });
      }}
      onClose={onClose}
    />
  );
}

/** The inbox's head: how many wait, choose all this page's decidable ones, and the bulk actions. */
function BulkBar(props: {
  total: number;
  decidable: string[];
  chosen: string[];
  onChoose: (ids: string[]) => void;
  onBulk: (bulk: Bulk) => void;
}) {
  const { total, decidable, chosen, onChoose, onBulk } = props;
  const all = decidable.length > 0 && decidable.every((id) => chosen.includes(id));
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mr: 'auto' }}>
        {approvalMessages.awaiting(total)}
      </Typography>
      {decidable.length > 0 && (
        <FormControlLabel
          control={<Checkbox checked={all} onChange={(event) => onChoose(event.target.checked ? decidable : [])} />}
          label="Choose all"
        />
      )}
      <Button variant="outlined" color="error" disabled={chosen.length === 0} onClick={() => onBulk({ ids: chosen, decision: 'reject' })}>
        {`Reject chosen (${chosen.length})`}
      </Button>
      <Button variant="contained" disabled={chosen.length === 0} onClick={() => onBulk({ ids: chosen, decision: 'approve' })}>
        {`Approve chosen (${chosen.length})`}
      </Button>
    </Stack>
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
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  // Only what this page shows can be chosen: a decided or paged-away payment leaves the choice.
  const shown = (data?.data ?? []).filter((item) => item.can_decide).map((item) => item.payment_id);
  const chosenShown = chosen.filter((id) => shown.includes(id));
  if (isPending) return null;
  if (!data || data.data.length === 0) return <Alert severity="info">No payments are awaiting approval.</Alert>;
  return (
    <Stack spacing={1.5}>
      <BulkBar total={paging.total ?? data.data.length} decidable={shown} chosen={chosenShown} onChoose={setChosen} onBulk={setBulk} />
      {data.data.map((item) => (
        <ApprovalCard
          key={item.payment_id}
          item={item}
          isChosen={chosenShown.includes(item.payment_id)}
          onChoose={(isChosen) => setChosen((ids) => (isChosen ? [...ids, item.payment_id] : ids.filter((id) => id !== item.payment_id)))}
          onDecide={setOpen}
        />
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
      <BulkDecisionDialog
        open={bulk}
        onClose={() => {
          setBulk(null);
          setChosen([]);
        }}
      />
    </Stack>
  );
}
