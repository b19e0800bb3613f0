import { useParams, useSearchParams } from 'react-router';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { campaignStatusLabels, campaignTabOf, campaignTabs, type CampaignTab } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { InvoiceTable } from '../../../entities/invoices/index.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCampaign } from '../api/campaigns.ts';
import { CampaignDetailsCard } from '../components/campaign-details-card.tsx';
import { CampaignPaymentsTab } from '../components/campaign-payments-tab.tsx';
import { ContractsTab } from '../../../entities/contracts/index.ts';
import { CampaignQuickbooksTab } from '../../../entities/accounting/index.ts';
import { DeliverablesTab } from '../components/deliverables-tab.tsx';
import { EarningsChart } from '../components/earnings-chart.tsx';
import { FilesCard } from '../components/files-card.tsx';
import { IncomeCard } from '../components/income-card.tsx';
import { ProfitCard } from '../components/profit-card.tsx';

const tabLabels: Record<CampaignTab, string> = {
  overview: 'Overview',
  payments: 'Payments',
  invoices: 'Invoices',
  contracts: 'Contracts',
  deliverables: 'Deliverables',
  quickbooks: 'Quickbooks',
};

/** /campaigns/{id}: tabs chosen by ?tab= (an unknown tab opens the overview). */
export default function CampaignPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = campaignTabOf(params.get('tab'));
  const { data: campaign, isError, refetch } = useCampaign(id);
  if (isError) return <RetryNotice message="There was an issue retrieving your campaign" onRetry={() => void refetch()} />;
  if (!campaign) return <FullPageSpinner />;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {campaign.title}
        </Typography>
        <Typography color="text.secondary">{campaignStatusLabels[campaign.campaign_status]}</Typography>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: CampaignTab) => setParams({ tab: value }, { replace: true })} variant="scrollable">
        {campaignTabs.map((value) => (
          <Tab key={value} value={value} label={tabLabels[value]} />
        ))}
      </Tabs>
      {tab === 'overview' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 5 }}>
            <CampaignDetailsCard campaign={campaign} />
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Stack spacing={2}>
              <ProfitCard campaignId={campaign.id} />
              <EarningsChart figures={campaign.figures} />
              <IncomeCard campaign={campaign} />
              <FilesCard campaignId={campaign.id} />
            </Stack>
          </Grid>
        </Grid>
      )}
      {tab === 'payments' && <CampaignPaymentsTab campaignId={campaign.id} />}
      {tab === 'deliverables' && <DeliverablesTab campaignId={campaign.id} />}
      {tab === 'invoices' && <CampaignInvoicesTab campaignId={campaign.id} />}
      {tab === 'contracts' && (
        <ContractsTab filter={{ payment_group_id: campaign.id }} newContractPath={`/contracts/newContract?campaignId=${campaign.id}`} />
      )}
      {tab === 'quickbooks' && <CampaignQuickbooksTab campaignId={campaign.id} />}
    </Stack>
  );
}

/** The campaign's Invoices tab: its invoices, and Create Invoice with the campaign preselected. */
function CampaignInvoicesTab({ campaignId }: { campaignId: string }) {
  const { data: org } = useCurrentOrg();
  return (
    <InvoiceTable
      filter={{ tab: 'all', payment_group_id: campaignId }}
      showCustomer
      newInvoiceHref={`/invoices/newInvoice?campaignId=${campaignId}`}
      newInvoiceLabel="Create Invoice"
      canCreate={Boolean(org?.treasury_id)}
    />
  );
}
