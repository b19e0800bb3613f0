import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { JournalEntryRecord } from '@crewpay/core';
import { DataTable, PAGE_SIZE } from '../../../components/data-table.tsx';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useJournalEntries, useRetryJournalEntry, type JournalEntriesPage } from '../api/accounting.ts';

const STATUS_COLORS = { succeeded: 'success', failed: 'error', pending: 'default' } as const;

function StatusCell({ entry, canRetry }: { entry: JournalEntryRecord; canRetry: boolean }) {
  const retry = useRetryJournalEntry();
  const chip = <Chip size="small" color={STATUS_COLORS[entry.Status]} label={entry.Status} />;
  if (entry.Status !== 'failed') return chip;
  return (
    <>
      <Tooltip title={entry.error_text ?? ''}>{chip}</Tooltip>
      {canRetry && (
        <Button size="small" sx={{ ml: 1 }} loading={retry.isPending} onClick={() => retry.mutate(entry.id)}>
          Retry
        </Button>
      )}
    </>
  );
}

/** On the last page the count is known (the pages before were full); before it, only that more follow. */
function pageCount(page: number, data: JournalEntriesPage | undefined) {
  if (!data || data.next_cursor) return { hasNextPage: Boolean(data?.next_cursor) };
  return { rowCount: page * PAGE_SIZE + data.data.length };
}

/** Journal entries (Created, Details, Status): the Settings tab's, or one campaign's; a failure's reason shows beside it. */
export function JournalEntriesTable({ campaignId, canRetry }: { campaignId?: string; canRetry: boolean }) {
  const paging = useKeysetPaging(campaignId ?? 'all');
  const { page, cursor, record } = paging;
  const { data, isLoading } = useJournalEntries({ enabled: true, campaignId, pageSize: PAGE_SIZE, startingAfter: cursor });
  useEffect(() => record(page, data), [record, page, data]);
  const columns: GridColDef<JournalEntryRecord>[] = [
    {
      field: 'created_at',
      headerName: 'Created',
      width: 190,
      valueGetter: (_value, row) => row.Metadata.Create_Time,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: 'Details',
      headerName: 'Details',
      flex: 1,
      minWidth: 260,
      valueGetter: (_value, row) => (row.Status === 'failed' && row.error_text ? `${row.Details} (${row.error_text})` : row.Details),
    },
    { field: 'Status', headerName: 'Status', width: 200, renderCell: ({ row }) => <StatusCell entry={row} canRetry={canRetry} /> },
  ];
  return (
    <DataTable
      ariaLabel="Journal entries"
      rows={data?.data ?? []}
      columns={columns}
      isLoading={isLoading}
      serverPaging={{ page, onPageChange: paging.onPageChange, ...pageCount(page, data) }}
      emptyLabel="No journal entries yet"
    />
  );
}
