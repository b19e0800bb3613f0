import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { approvalMessages } from '@crewpay/core';
import { useApprovalQueue } from '../../../entities/payments/index.ts';

/** Home's Approvals to-do (owners and admins): payments held until someone approves them, one click from the queue. */
export function ApprovalsTodo({ isApprover }: { isApprover: boolean }) {
  // One row is enough: the first page answers how many wait in all.
  const { data } = useApprovalQueue({ enabled: isApprover, pageSize: 1 });
  if (!isApprover || !data?.total) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/payments?tab=approval_payments" color="inherit" size="small">
          Review
        </Button>
      }
    >
      {approvalMessages.awaiting(data.total)}
    </Alert>
  );
}
