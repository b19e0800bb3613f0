import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DataTable } from '../../../components/data-table.tsx';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';
import {
  contractColumns,
  downloadContractsReport,
  NewContractButton,
  useContracts,
  useContractTemplates,
} from '../../../entities/contracts/index.ts';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { useListFilters } from '../../../lib/list-filters.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { templateColumns } from '../components/template-columns.tsx';

const FILTER_KEYS = ['search', 'created_from', 'created_to'] as const;

/**
 * The contracts tab: the organisation's contracts, 50 a page, paged on the server by cursor,
 * searched (title or recipient) and filtered by days created in the URL, so a reload, a shared
 * link or a saved view shows the same list; Export CSV downloads every contract they match.
 */
function ContractsTable() {
  const { filters, setFilters, showQuery, params } = useListFilters(FILTER_KEYS);
  const paging = useKeysetPaging(`contracts?${params.toString()}`);
  const { page, cursor, record } = paging;
  const { data, isFetching } = useContracts(filters, { page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  return (
    <Stack spacing={2}>
      <ListFilterBar
        filters={filters}
        onChange={setFilters}
        dates
        search={{ placeholder: 'Search by title or recipient', ariaLabel: 'Search contracts' }}
      >
        <ViewsMenu list="contracts" query={params.toString()} onPick={showQuery} />
      </ListFilterBar>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" onClick={() => void downloadContractsReport(filters).catch((error: unknown) => notifyFailure(error))}>
          Export CSV
        </Button>
      </Stack>
      <DataTable
        ariaLabel="Contracts"
        rows={data?.data ?? []}
        columns={contractColumns()}
        isLoading={isFetching && !data}
        serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
        emptyLabel={Object.keys(filters).length > 0 ? 'No contracts match these filters' : "You don't have any contracts"}
      />
    </Stack>
  );
}

/** The templates tab, paged like the contracts (the organisation has one template at most). */
function TemplatesTable() {
  const paging = useKeysetPaging('templates');
  const { page, cursor, record } = paging;
  const { data, isFetching } = useContractTemplates({ page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  return (
    <DataTable
      ariaLabel="Templates"
      rows={data?.data ?? []}
      columns={templateColumns}
      isLoading={isFetching && !data}
      serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
      emptyLabel="You don't have a contract template"
    />
  );
}

/** /contracts: tabs contracts and templates (?tab=templates); the target after a contract or template is created. */
export default function ContractsPage() {
  const { params, setParam } = useListFilters(FILTER_KEYS);
  const tab = params.get('tab') === 'templates' ? 'templates' : 'contracts';
  const templates = useContractTemplates();
  const hasTemplate = (templates.data?.total ?? 0) > 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Tabs value={tab} onChange={(_event, value: string) => setParam('tab', value)}>
          <Tab value="contracts" label="Contracts" />
          <Tab value="templates" label="Templates" />
        </Tabs>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            component={RouterLink}
            to="/contracts/newContractTemplate"
            disabled={hasTemplate}
            title={hasTemplate ? 'Only one contract template may exist in the organization' : undefined}
          >
            New Contract Template
          </Button>
          <NewContractButton to="/contracts/newContract" />
        </Stack>
      </Stack>
      {tab === 'contracts' ? <ContractsTable /> : <TemplatesTable />}
    </Stack>
  );
}
