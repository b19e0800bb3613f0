import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { campaignStatusLabels, formatCents, type CampaignListItem } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { usePersonCampaigns } from '../api/person-campaigns.ts';

const columns: GridColDef<CampaignListItem>[] = [
  {
    field: 'title',
    headerName: 'Title',
    flex: 1.5,
    minWidth: 180,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/campaigns/${row.id}`}>
        {row.title}
      </Link>
    ),
  },
  { field: 'customer_name', headerName: 'Customer', flex: 1, minWidth: 150 },
  {
    field: 'campaign_status',
    headerName: 'Status',
    flex: 0.8,
    minWidth: 110,
    valueFormatter: (value: CampaignListItem['campaign_status']) => campaignStatusLabels[value],
  },
  {
    field: 'deal_size',
    headerName: 'Budget',
    flex: 0.8,
    minWidth: 120,
    valueFormatter: (value: number | null) => (value === null ? '-' : formatCents(value)),
  },
];

/** The Campaigns tab of /agentsManagers/{id}: where they are the agent or a creator's manager, 50 a page. */
export function PersonCampaignsTab({ personId }: { personId: string }) {
  const paging = useKeysetPaging(personId);
  const { page, cursor, record } = paging;
  const { data, isFetching } = usePersonCampaigns(personId, { page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  return (
    <DataTable
      ariaLabel="Campaigns"
      rows={data?.data ?? []}
      columns={columns}
      isLoading={isFetching && !data}
      serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
      emptyLabel="No campaigns yet"
    />
  );
}
