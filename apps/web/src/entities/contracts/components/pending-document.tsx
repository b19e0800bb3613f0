import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { contractMessages } from '@crewpay/core';

/** The spec's pending state: the document is still being prepared by the e-signature provider. */
export function PendingDocument({ onRefresh }: { onRefresh: () => void }) {
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onRefresh}>
          Refresh
        </Button>
      }
    >
      <AlertTitle>{contractMessages.pending}</AlertTitle>
      {contractMessages.pendingHint}
    </Alert>
  );
}
