import { useParams, useSearchParams } from 'react-router';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { creatorName } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { ActAsButton } from '../../../entities/users/index.ts';
import { useCreator } from '../../../entities/creators/index.ts';
import { ContactCard } from '../components/contact-card.tsx';
import { DetailsCard } from '../components/details-card.tsx';
import { ContractsTab } from '../../../entities/contracts/index.ts';
import { CreatorPaymentsTab } from '../../../entities/payments/index.ts';
import { ManagerCard } from '../components/manager-card.tsx';
import { NotesCard } from '../components/notes-card.tsx';
import { PayoutMethodsCard } from '../components/payout-methods-card.tsx';
import { PlatformsCard } from '../components/platforms-card.tsx';
import { QuickbooksVendorCard } from '../components/quickbooks-vendor-card.tsx';
import { SplitsTab } from '../components/splits-tab.tsx';
import { StatusCard } from '../components/status-card.tsx';
import { TagsCard } from '../components/tags-card.tsx';
import { TaxFormsCard } from '../components/tax-forms-card.tsx';
import { BackupWithholdingPayeeCard } from '../components/backup-withholding-payee-card.tsx';
import { ObjectTimeline } from '../../../components/object-timeline.tsx';

const tabs = [
  { value: 'general', label: 'General' },
  { value: 'payments', label: 'Payments' },
  { value: 'contracts', label: 'Contracts' },
  { value: 'splits', label: 'Splits' },
] as const;
type TabName = (typeof tabs)[number]['value'];

/** /creators/{id}: the profile, with its tab in ?tab= (an unknown tab shows the first). */
export default function CreatorProfilePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: TabName = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'general';
  const { data: creator, isError, refetch } = useCreator(id);
  if (isError) return <RetryNotice message="There was an issue getting your creators" onRetry={() => void refetch()} />;
  if (!creator) return <FullPageSpinner />;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <div>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {creatorName(creator) || creator.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {creator.email}
          </Typography>
        </div>
        {creator.user_id && (
          <ActAsButton userId={creator.user_id} role="creator" name={creatorName(creator) || creator.email} variant="button" />
        )}
      </Stack>
      <BackupWithholdingPayeeCard creator={creator} />
      <Tabs value={tab} onChange={(_event, value: TabName) => setParams({ tab: value })} aria-label="Creator sections">
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'general' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <DetailsCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ContactCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <StatusCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <PayoutMethodsCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ManagerCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <TagsCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PlatformsCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <NotesCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <QuickbooksVendorCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <TaxFormsCard creator={creator} />
          </Grid>
          <Grid size={{ xs: 12, md: 6, lg: 4 }}>
            <ObjectTimeline kind="creator" id={creator.id} />
          </Grid>
        </Grid>
      )}
      {tab === 'payments' && <CreatorPaymentsTab creatorId={creator.id} />}
      {tab === 'contracts' && <ContractsTab filter={{ creator_id: creator.id }} newContractPath="/contracts/newContract" />}
      {tab === 'splits' && <SplitsTab key={creator.updated_at} creator={creator} />}
    </Stack>
  );
}
