import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { GridColDef } from '@mui/x-data-grid';
import { displayUsPhone, type MemberRecord } from '@crewpay/core';
import { DataTable } from '../../../components/data-table.tsx';
import { displayName, formatDate } from '../../../lib/format.ts';
import { useAgentsManagers } from '../../../entities/creators/index.ts';
import { NewAgentManagerDialog } from '../components/new-agent-manager-dialog.tsx';

const tabs = [
  { value: 'agents', label: 'Agents' },
  { value: 'managers', label: 'Managers' },
] as const;

const columns: GridColDef<MemberRecord>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 180,
    valueGetter: (_value, row) => displayName(row),
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/agentsManagers/${row.id}`} underline="hover">
        {displayName(row)}
      </Link>
    ),
  },
  { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 220 },
  {
    field: 'phone_number',
    headerName: 'Phone',
    width: 170,
    valueFormatter: (value: string | null) => (value ? displayUsPhone(value) : ''),
  },
  { field: 'created_at', headerName: 'Added', width: 130, valueFormatter: (value: string) => formatDate(value) },
];

/** /agentsManagers with tabs agents and managers. */
export default function AgentsManagersPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'agents';
  const { data = [], isLoading } = useAgentsManagers();
  const [isAdding, setIsAdding] = useState(false);
  const rows = data.filter((person) => (tab === 'agents' ? person.is_agent : person.is_manager));
  const kind = tab === 'agents' ? 'agent' : 'manager';

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Tabs
          value={tab}
          onChange={(_event, value: string) => setParams({ tab: value })}
          aria-label="Agents and managers"
          sx={{ flexGrow: 1 }}
        >
          {tabs.map((item) => (
            <Tab key={item.value} value={item.value} label={item.label} />
          ))}
        </Tabs>
        <Button variant="contained" onClick={() => setIsAdding(true)}>
          {kind === 'agent' ? 'New Agent' : 'New Manager'}
        </Button>
      </Stack>
      <DataTable
        ariaLabel={tab === 'agents' ? 'Agents' : 'Managers'}
        rows={rows}
        columns={columns}
        isLoading={isLoading}
        emptyLabel={`You don't have any ${tab} yet`}
      />
      {isAdding && <NewAgentManagerDialog kind={kind} onClose={() => setIsAdding(false)} />}
    </Stack>
  );
}
