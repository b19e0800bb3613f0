import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { backupWithholdingLabels, formatCents } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** Under the payment's federal withholdings: says when they are backup withholding (no W-9 on file at execution). */
export function BackupWithholdingNote({
  paymentId,
  federalWithholdings,
  amount,
}: {
  paymentId: string;
  federalWithholdings: number;
  amount: number;
}) {
  const { data } = useQuery({
    queryKey: ['payments', paymentId, 'backup-withholding'],
    queryFn: () => api.get<{ rate: number; amount: number } | null>(`/v1/payments/${paymentId}/backup_withholding`),
    enabled: federalWithholdings > 0,
    meta: { isSilent: true },
  });
  if (!data) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.25, sm: 2 }}
      sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}
      aria-label="Backup withholding"
    >
      <Typography variant="body2" color="text.secondary" sx={{ width: { sm: 180 }, flexShrink: 0 }}>
        {backupWithholdingLabels.onPayment(data.rate)}
      </Typography>
      <Stack spacing={0.25}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {backupWithholdingLabels.explained(data.rate, formatCents(data.amount), formatCents(amount))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${backupWithholdingLabels.why} It is booked as tax owed to the IRS.`}
        </Typography>
      </Stack>
    </Stack>
  );
}
