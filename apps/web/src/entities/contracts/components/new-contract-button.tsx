import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { contractMessages } from '@crewpay/core';
import { NoticeDialog, addFundsNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';

/**
 * New Contract. Delinquent billing blocks new contracts (the server refuses them), so a delinquent
 * organisation gets the spec's Notice with 'Add funds' instead of a form it cannot submit, as bulk
 * add and Execute do.
 */
export function NewContractButton({ to }: { to: string }) {
  const { data: org } = useCurrentOrg();
  const [notice, setNotice] = useState<Notice | null>(null);
  if (org?.billing_status !== 'delinquent')
    return (
      <Button variant="contained" component={RouterLink} to={to}>
        New Contract
      </Button>
    );
  return (
    <>
      <Button variant="contained" onClick={() => setNotice(addFundsNotice(contractMessages.delinquent))}>
        New Contract
      </Button>
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
