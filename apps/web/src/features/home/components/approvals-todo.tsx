import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { approvalMessages } from '@crewpay/core';
import { useApprovalQueue } from '../../../entities/payments/index.ts';

/** Home's Approvals to-do (owners and admins): payments held until someone approves them, one click from the queue. */
export function ApprovalsTodo({ isApprover }: { isApprover: boolean }) {
  const { data } = useApprovalQueue(isApprover);
  if (!isApprover || !data || data.length === 0) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to="/payments?tab=approval_payments" color="inherit" size="small">
          Review
        </Button>
      }
    >
      {approvalMessages.awaiting(data.length)}
    </Alert>
  );
}
