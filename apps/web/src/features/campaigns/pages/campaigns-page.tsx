import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DataTable } from '../../../components/data-table.tsx';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { useCampaigns } from '../api/campaigns.ts';
import { campaignColumns } from '../components/campaign-columns.tsx';

/** /campaigns: tabs Campaigns (archived hidden) and Archived Campaigns (newest first), paged on the server. */
export default function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const isArchived = params.get('tab') === 'archived';
  const paging = useKeysetPaging(isArchived ? 'archived' : 'campaigns');
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCampaigns({ archived: isArchived, page, cursor });
  useEffect(() => record(page, data), [record, page, data]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Tabs
          value={isArchived ? 'archived' : 'campaigns'}
          onChange={(_event, value: string) => {
            setParams(value === 'archived' ? { tab: 'archived' } : {}, { replace: true });
          }}
        >
          <Tab value="campaigns" label="Campaigns" />
          <Tab value="archived" label="Archived Campaigns" />
        </Tabs>
        <Button variant="contained" component={RouterLink} to="/campaigns/new">
          New Campaign
        </Button>
      </Stack>
      <DataTable
        ariaLabel={isArchived ? 'Archived Campaigns' : 'Campaigns'}
        rows={data?.data ?? []}
        columns={campaignColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel={isArchived ? 'No archived campaigns' : "You don't have any campaigns"}
      />
    </Stack>
  );
}
