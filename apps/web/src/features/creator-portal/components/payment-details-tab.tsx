import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { portalMessages } from '@crewpay/core';
import { useCreatorRecords } from '../api/creator-records.ts';
import { CreatorPaymentCard, recordKey } from './creator-payment-card.tsx';
import { PortalTaxFormCard } from './portal-tax-form-card.tsx';

/** Settings > Payment Details: one card per organisation (?org= highlights the one a to-do led to). */
export function PaymentDetailsTab({ focusedOrgId }: { focusedOrgId: string | null }) {
  const { data, isError, refetch } = useCreatorRecords();
  if (isError) return <RetryNotice message={portalMessages.fetchFailed} onRetry={() => void refetch()} />;
  if (!data) return <FullPageSpinner />;
  if (data.length === 0) return <Typography color="text.secondary">No organization pays you through Crewpay yet.</Typography>;
  return (
    <Stack spacing={3}>
      {data.map((record) => (
        <Stack key={recordKey(record)} spacing={2}>
          <CreatorPaymentCard record={record} isFocused={record.org_id === focusedOrgId} />
          <PortalTaxFormCard record={record} />
        </Stack>
      ))}
    </Stack>
  );
}
