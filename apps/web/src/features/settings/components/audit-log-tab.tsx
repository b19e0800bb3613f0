import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { auditActionLabels, auditActions, formatCents, type AuditAction, type AuditEntryRecord, type TimelineKind } from '@crewpay/core';
import { DataTable, PAGE_SIZE } from '../../../components/data-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { downloadAuditLog, useAuditLog, type AuditLogFilter } from '../api/audit-log.ts';
import { useMembers } from '../api/members.ts';

// A select whose empty choice ("All actions", "Everyone") shows as a choice, not as a blank field.
const shownEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } };

const NO_FILTER: AuditLogFilter = { action: '', user_id: '', from: '', to: '' };

const personName = (person: AuditEntryRecord['actor']) =>
  person ? `${person.name}${person.name === person.email ? '' : ` (${person.email})`}` : '';

/** The page of each kind of target: a row about a payment, invoice, contract or creator links to it. */
const TARGET_PAGES: Record<TimelineKind, { path: string; noun: string }> = {
  payment: { path: '/payments', noun: 'Payment' },
  invoice: { path: '/invoices', noun: 'Invoice' },
  contract: { path: '/contracts', noun: 'Contract' },
  creator: { path: '/creators', noun: 'Creator' },
};

function TargetLink({ row }: { row: AuditEntryRecord }) {
  const amount = row.amount === null ? '' : formatCents(row.amount);
  if (!row.target_type || !row.target_id) return amount;
  const page = TARGET_PAGES[row.target_type];
  return (
    <Link component={RouterLink} to={`${page.path}/${row.target_id}`}>
      {amount ? `${page.noun} · ${amount}` : page.noun}
    </Link>
  );
}

const columns: GridColDef<AuditEntryRecord>[] = [
  { field: 'created_at', headerName: 'When', width: 170, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'description', headerName: 'What', flex: 1, minWidth: 220 },
  {
    field: 'actor',
    headerName: 'Who',
    flex: 1,
    minWidth: 200,
    valueGetter: (_value, row) =>
      row.actor ? `${personName(row.actor)}${row.acted_as ? ` as ${personName(row.acted_as)}` : ''}` : 'A payee or a removed user',
  },
  { field: 'target_id', headerName: 'About', width: 170, sortable: false, renderCell: ({ row }) => <TargetLink row={row} /> },
  {
    field: 'status_code',
    headerName: 'Outcome',
    width: 110,
    valueGetter: (_value, row) =>
      row.status_code === null ? 'Unfinished' : row.status_code < 400 ? 'Done' : `Refused (${row.status_code})`,
  },
];

/** Settings > Audit log (owners and admins): who did what, filtered, paged by cursor, exported as CSV. */
export function AuditLogTab() {
  const [filter, setFilter] = useState<AuditLogFilter>(NO_FILTER);
  const members = useMembers();
  const paging = useKeysetPaging(JSON.stringify(filter));
  const { page, cursor, record } = paging;
  const { data, isLoading } = useAuditLog(filter, { pageSize: PAGE_SIZE, startingAfter: cursor });
  useEffect(() => record(page, data), [record, page, data]);
  const change = (field: keyof AuditLogFilter) => (event: { target: { value: string } }) =>
    setFilter((before) => ({ ...before, [field]: event.target.value }));
  const isDateOrderWrong = filter.from !== '' && filter.to !== '' && filter.to < filter.from;
  return (
    <Card>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            Audit log
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Sign-ins, login as, payout detail changes, executions, API keys and team changes. Entries cannot be changed or deleted.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap">
            <TextField
              select
              label="Action"
              value={filter.action}
              onChange={change('action')}
              slotProps={shownEmpty}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">All actions</MenuItem>
              {auditActions.map((action: AuditAction) => (
                <MenuItem key={action} value={action}>
                  {auditActionLabels[action]}
                </MenuItem>
              ))}
            </TextField>
            <TextField select label="Who" value={filter.user_id} onChange={change('user_id')} slotProps={shownEmpty} sx={{ minWidth: 220 }}>
              <MenuItem value="">Everyone</MenuItem>
              {(members.data ?? [])
                .filter((member) => !member.is_external)
                .map((member) => (
                  <MenuItem key={member.id} value={member.id}>
                    {[member.first_name, member.last_name].filter(Boolean).join(' ') || member.email}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              type="date"
              label="From"
              value={filter.from}
              onChange={change('from')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="To"
              value={filter.to}
              onChange={change('to')}
              error={isDateOrderWrong}
              helperText={isDateOrderWrong ? 'The end date must be on or after the start date' : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="text"
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
              onClick={() =>
                void downloadAuditLog(filter).catch((error: unknown) => notifyFailure(error, 'There was an issue exporting the audit log'))
              }
            >
              Export CSV
            </Button>
          </Stack>
          <DataTable
            ariaLabel="Audit log"
            rows={isDateOrderWrong ? [] : (data?.entries ?? [])}
            columns={columns}
            isLoading={isLoading}
            hasServerExport
            serverPaging={{
              page,
              onPageChange: paging.onPageChange,
              ...(data?.next_cursor ? { hasNextPage: true } : { rowCount: page * PAGE_SIZE + (data?.entries.length ?? 0) }),
            }}
            emptyLabel="No entries for these filters"
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
