import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { backupWithholdingLabels as labels, creatorName, type CreatorRecord } from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useBackupWithholdingSetting, useRequestW9, useW9Payees, W9Status } from '../../../entities/tax-forms/index.ts';

/**
 * On a payee's page, when the organisation backup withholds and this payee has no W-9 (or W-8):
 * why their payments are 24% lower, their W-9 request, and "Request W-9" (owners and admins).
 */
export function BackupWithholdingPayeeCard({ creator }: { creator: CreatorRecord }) {
  const setting = useBackupWithholdingSetting();
  const role = useCurrentUser().data?.role;
  const isOn = setting.data?.enabled ?? false;
  const payee = useW9Payees(0, isOn && !creator.is_w2, creator.id);
  const request = useRequestW9();
  const row = payee.data?.data[0];
  if (!isOn || !row) return null;
  const canRequest = role === 'owner' || role === 'admin';
  return (
    <Alert
      severity="warning"
      aria-label={labels.title}
      action={
        canRequest ? (
          <Button color="inherit" size="small" loading={request.isPending} onClick={() => request.mutate([creator.id])}>
            {row.requests > 0 ? 'Remind' : labels.requestW9}
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={0.5}>
        <span>{labels.onPayee(setting.data?.rate ?? 24, creatorName(creator) || creator.email)}</span>
        <span>
          {'W-9 request: '}
          <W9Status payee={row} />
        </span>
      </Stack>
    </Alert>
  );
}
