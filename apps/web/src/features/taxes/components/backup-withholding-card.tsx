import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { backupWithholdingLabels as labels } from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useBackupWithholding, useSetBackupWithholding } from '../api/backup-withholding.ts';

/** The Taxes page's "Backup withholding" card: owners turn it on or off; others see the state. */
export function BackupWithholdingCard() {
  const setting = useBackupWithholding();
  const change = useSetBackupWithholding();
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
                onChange={(event) => change.mutate(event.target.checked)}
              />
            }
            label={isOn ? labels.on : labels.off}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
