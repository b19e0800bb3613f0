import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_REPORT_LIMIT } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { notifyFailure } from '../../../lib/notify.ts';
import { downloadCampaignReport, useCampaignReport } from '../api/reports.ts';
import { reportColumns } from '../components/report-columns.tsx';

/** /reports: the campaigns by margin (collected - paid out - fees, from the ledger), highest first, and their CSV. */
export default function ReportsPage() {
  const { data, isLoading } = useCampaignReport();
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Campaigns by margin
        </Typography>
        <Button
          variant="outlined"
          onClick={() =>
            void downloadCampaignReport().catch((error: unknown) => notifyFailure(error, 'There was an issue exporting the report'))
          }
        >
          Export CSV
        </Button>
      </Stack>
      {data?.has_more && (
        <Typography color="text.secondary">
          The {CAMPAIGN_REPORT_LIMIT} campaigns with the highest margins are shown, and exported.
        </Typography>
      )}
      <DataTable
        ariaLabel="Campaigns by margin"
        rows={data?.data ?? []}
        columns={reportColumns}
        isLoading={isLoading}
        hasServerExport
        emptyLabel="No campaigns yet"
      />
    </Stack>
  );
}
