import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import { premiumLosses, type BillingRecord, type ScheduledPlanChange } from '@crewpay/core';
import { formatLongDate } from '../../../lib/format.ts';
import { useResumePlan, useSchedulePlanChange } from '../api/billing.ts';

const titles: Record<ScheduledPlanChange, string> = { downgrade: 'Downgrade to Free', cancel: 'Cancel Premium' };

/** What stays after a cancel: the organisation's money and records are never taken with the plan. */
const cancelKeeps =
  'Your wallet and its balance stay yours (you can still withdraw), and your creators, payments, invoices and contracts are kept.';

function ChangeDialog({ change, billing, onClose }: { change: ScheduledPlanChange | null; billing: BillingRecord; onClose: () => void }) {
  const downgrade = useSchedulePlanChange('downgrade');
  const cancel = useSchedulePlanChange('cancel');
  const mutation = change === 'cancel' ? cancel : downgrade;
  const endDate = billing.next_billing_date ? formatLongDate(`${billing.next_billing_date}T12:00:00`) : '';
  return (
    <Dialog open={change !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="plan-change-title">
      <DialogTitle id="plan-change-title">{change ? titles[change] : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Premium stays until {endDate}; it is not charged again. From then on you are on the free plan and:
        </DialogContentText>
        <List dense sx={{ listStyle: 'disc', pl: 3 }}>
          {premiumLosses.map((loss) => (
            <ListItem key={loss} sx={{ display: 'list-item', py: 0 }}>
              {loss}
            </ListItem>
          ))}
        </List>
        {change === 'cancel' && <DialogContentText>{cancelKeeps}</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Keep Premium
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={mutation.isPending}
          onClick={() => mutation.mutate(undefined, { onSuccess: onClose })}
        >
          {change ? titles[change] : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The owner's way off Premium (downgrade or cancel, at the end of the period) and back (resume). */
export function PlanChangeActions({ billing }: { billing: BillingRecord }) {
  const [change, setChange] = useState<ScheduledPlanChange | null>(null);
  const resume = useResumePlan();
  if (billing.scheduled_change) {
    const endDate = billing.next_billing_date ? formatLongDate(`${billing.next_billing_date}T12:00:00`) : '';
    const what = billing.scheduled_change === 'downgrade' ? 'Your downgrade to the free plan' : 'The end of your Premium plan';
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" loading={resume.isPending} onClick={() => resume.mutate()} sx={{ whiteSpace: 'nowrap' }}>
            Keep Premium
          </Button>
        }
      >
        {what} is scheduled for {endDate}.
      </Alert>
    );
  }
  return (
    <>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" size="small" onClick={() => setChange('downgrade')}>
          Downgrade
        </Button>
        <Button variant="outlined" size="small" color="error" onClick={() => setChange('cancel')}>
          Cancel plan
        </Button>
      </Stack>
      <ChangeDialog change={change} billing={billing} onClose={() => setChange(null)} />
    </>
  );
}
