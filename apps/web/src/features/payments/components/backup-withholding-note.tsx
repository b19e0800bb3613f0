import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { backupWithholdingLabels, formatCents } from '@crewpay/core';
import { api } from '../../../lib/api-client.ts';

/** Under the payment's federal withholdings: says when they are backup withholding (no W-9 on file at execution). */
export function BackupWithholdingNote({ paymentId, federalWithholdings }: { paymentId: string; federalWithholdings: number }) {
  const { data } = useQuery({
    queryKey: ['payments', paymentId, 'backup-withholding'],
    queryFn: () => api.get<{ rate: number; amount: number } | null>(`/v1/payments/${paymentId}/backup_withholding`),
    enabled: federalWithholdings > 0,
    meta: { isSilent: true },
  });
  if (!data) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ width: 180, flexShrink: 0 }}>
        {backupWithholdingLabels.onPayment(data.rate)}
      </Typography>
      <Typography variant="body2">{`${formatCents(data.amount)} withheld: no W-9 on file when the payment was executed`}</Typography>
    </Stack>
  );
}
