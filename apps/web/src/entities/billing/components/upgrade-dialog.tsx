import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { PREMIUM_PLAN_PRICE, firstBillingDate, formatCents } from '@crewpay/core';
import { formatLongDate } from '../../../lib/format.ts';
import { useServerNow } from '../../../lib/server-meta.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useBilling, useUpgradePlan } from '../api/billing.ts';
import { PlanComparison } from './plan-comparison.tsx';

type Props = { isOpen: boolean; onClose: () => void; reason?: string };

/**
 * The upgrade's confirmation: the plans compared and when the first charge comes; nothing is
 * charged until Upgrade to Premium is pressed. A dialog over the page, so whatever the person was
 * doing (an import's rows) is still there when it closes.
 */
export function UpgradeDialog({ isOpen, onClose, reason }: Props) {
  const { data: user } = useCurrentUser();
  const mayUpgrade = user?.role === 'owner' || user?.role === 'admin';
  const { data: billing } = useBilling({ enabled: isOpen && mayUpgrade });
  const upgrade = useUpgradePlan();
  const price = billing?.monthly_price ?? PREMIUM_PLAN_PRICE;
  const serverNow = useServerNow();
  // The server's clock (the sandbox clock, maybe moved on) decides the first charge, so the dialog reads it too.
  const firstCharge = formatLongDate(`${firstBillingDate(serverNow)}T12:00:00`);
  const confirm = () => upgrade.mutate(undefined, { onSuccess: onClose });
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="upgrade-dialog-title">
      <DialogTitle id="upgrade-dialog-title">Upgrade to Premium</DialogTitle>
      <DialogContent>
        {reason && <DialogContentText sx={{ mb: 2 }}>{reason}</DialogContentText>}
        <PlanComparison monthlyPrice={price} />
        <DialogContentText sx={{ mt: 2 }}>
          Nothing is charged today. From {firstCharge}, {formatCents(price)} is taken from your wallet each month. You can downgrade or
          cancel from Settings &gt; Billing.
        </DialogContentText>
        {!mayUpgrade && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Only an owner or admin of your organization can change its plan.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!mayUpgrade} loading={upgrade.isPending}>
          Upgrade to Premium
        </Button>
      </DialogActions>
    </Dialog>
  );
}
