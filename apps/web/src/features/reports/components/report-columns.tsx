import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { campaignReportColumns, formatCents, type CampaignReportRow } from '@crewpay/core';

const money = (field: keyof CampaignReportRow, headerName: string): GridColDef<CampaignReportRow> => ({
  field,
  headerName,
  width: 130,
  sortable: false,
  align: 'right',
  headerAlign: 'right',
  valueFormatter: (value: number) => formatCents(value),
});

/** The report's columns: the campaign (a link to it) and its margin first (what a phone shows without scrolling), then the CSV's order. */
export const reportColumns: GridColDef<CampaignReportRow>[] = [
  {
    field: 'title',
    headerName: 'Campaign',
    flex: 1,
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/campaigns/${row.id}`}>
        {row.title}
      </Link>
    ),
  },
  money('margin', 'Margin'),
  { field: 'customer_name', headerName: 'Customer', flex: 1, minWidth: 150, sortable: false },
  ...campaignReportColumns.slice(2, -1).map(([label, key]) => money(key, label)),
];
