import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { backupWithholdingLabels as labels } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useW9Payees } from '../../../entities/tax-forms/index.ts';
import { useBackupWithholding, useSetBackupWithholding } from '../api/backup-withholding.ts';

/**
 * Turning backup withholding on shows who it takes 24% from before it does: the count of payees
 * without a W-9 or W-8, and asks to confirm. Turning it off needs no confirmation (it takes nothing).
 */
type DialogProps = { isOpen: boolean; rate: number; onConfirm: () => void; onClose: () => void; isPending: boolean };

function TurnOnDialog({ isOpen, rate, onConfirm, onClose, isPending }: DialogProps) {
  const payees = useW9Payees(0, isOpen);
  const count = payees.data?.count;
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={labels.confirmTitle}
      confirmLabel={labels.confirm}
      isPending={isPending || count === undefined}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <Stack spacing={1}>
        {count === undefined ? (
          <Typography color="text.secondary">Counting the payees without a W-9…</Typography>
        ) : (
          <Typography>{count === 0 ? labels.confirmNone : labels.confirmCount(count, rate)}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          The withheld tax is booked as tax owed to the IRS, kept out of your available balance and out of campaign margin. Each payee sees
          it on their payment and in their payment email. You can request their W-9 from this page.
        </Typography>
      </Stack>
    </ConfirmDialog>
  );
}

/** The Taxes page's "Backup withholding" card: owners turn it on (after confirming who it applies to) or off; others see the state. */
export function BackupWithholdingCard() {
  const setting = useBackupWithholding();
  const change = useSetBackupWithholding();
  const [isConfirming, setConfirming] = useState(false);
  const isOwner = useCurrentUser().data?.role === 'owner';
  const isOn = setting.data?.enabled ?? false;
  return (
    <Card variant="outlined" aria-label={labels.title}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Stack spacing={0.5} sx={{ flex: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {labels.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {labels.description}
            </Typography>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={isOn}
                disabled={!isOwner || !setting.data || change.isPending}
                onChange={(event) => (event.target.checked ? setConfirming(true) : change.mutate(false))}
              />
            }
            label={isOn ? labels.on : labels.off}
          />
        </Stack>
      </CardContent>
      <TurnOnDialog
        isOpen={isConfirming}
        rate={setting.data?.rate ?? 24}
        isPending={change.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => change.mutate(true, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}
