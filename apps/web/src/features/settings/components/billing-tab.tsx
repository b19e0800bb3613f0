import Stack from '@mui/material/Stack';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useBilling, useFeeSchedules } from '../api/billing.ts';
import { CollectedFeesCard } from './collected-fees-card.tsx';
import { PremiumPlanCard } from './premium-plan-card.tsx';

/** Settings > Billing (owners and admins): the Premium plan card and the collected fees. */
export function BillingTab() {
  const { data: billing } = useBilling();
  const { data: feeSchedules } = useFeeSchedules();
  if (!billing || !feeSchedules) return <FullPageSpinner />;
  return (
    <Stack spacing={2}>
      <PremiumPlanCard billing={billing} feeSchedules={feeSchedules} />
      <CollectedFeesCard />
    </Stack>
  );
}
