import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DataTable } from '../../../components/data-table.tsx';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { downloadCampaignsList, useCampaigns } from '../api/campaigns.ts';
import { campaignColumns } from '../components/campaign-columns.tsx';
import { CampaignFilterFields } from '../components/campaign-filter-fields.tsx';
import { useCampaignFilters } from '../lib/campaign-filters.ts';

/**
 * /campaigns: tabs Campaigns (archived hidden) and Archived Campaigns (newest first), paged on the
 * server, searched by title and filtered by status, customer and days created, all in the URL so a
 * reload, a shared link or a saved view shows the same list; Export CSV downloads every campaign they match.
 */
export default function CampaignsPage() {
  const { filters, setFilters, setTab, showQuery, params } = useCampaignFilters();
  const isArchived = params.get('tab') === 'archived';
  const paging = useKeysetPaging(`campaigns?${params.toString()}`);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useCampaigns({ ...filters, archived: isArchived }, { page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  const isFiltered = Object.keys(filters).length > 0;
  const exportList = () => void downloadCampaignsList({ ...filters, archived: isArchived }).catch((error: unknown) => notifyFailure(error));

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Tabs value={isArchived ? 'archived' : 'campaigns'} onChange={(_event, value: string) => setTab(value === 'archived')}>
          <Tab value="campaigns" label="Campaigns" />
          <Tab value="archived" label="Archived Campaigns" />
        </Tabs>
        <Button variant="contained" component={RouterLink} to="/campaigns/new">
          New Campaign
        </Button>
      </Stack>
      <ListFilterBar
        filters={filters}
        onChange={setFilters}
        dates
        search={{ placeholder: 'Search by name', ariaLabel: 'Search campaigns' }}
        fields={<CampaignFilterFields filters={filters} onChange={setFilters} hasStatus={!isArchived} />}
      >
        <ViewsMenu list="campaigns" query={params.toString()} onPick={showQuery} />
      </ListFilterBar>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" onClick={exportList}>
          Export CSV
        </Button>
      </Stack>
      <DataTable
        ariaLabel={isArchived ? 'Archived Campaigns' : 'Campaigns'}
        rows={data?.data ?? []}
        columns={campaignColumns}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel={isFiltered ? 'No campaigns match these filters' : isArchived ? 'No archived campaigns' : "You don't have any campaigns"}
      />
    </Stack>
  );
}
