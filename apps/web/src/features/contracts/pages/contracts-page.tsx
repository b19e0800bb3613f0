import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DataTable } from '../../../components/data-table.tsx';
import { contractColumns, NewContractButton, useContracts, useContractTemplates } from '../../../entities/contracts/index.ts';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { templateColumns } from '../components/template-columns.tsx';

/** The contracts tab: the organisation's contracts, 50 a page, paged on the server by cursor. */
function ContractsTable() {
  const paging = useKeysetPaging('contracts');
  const { page, cursor, record } = paging;
  const { data, isFetching } = useContracts({}, { page, cursor });
  useEffect(() => record(page, data), [record, page, data]);
  return (
    <DataTable
      ariaLabel="Contracts"
      rows={data?.data ?? []}
      columns={contractColumns()}
      isLoading={isFetching && !data}
      serverPaging={{ page, onPageChange: paging.onPageChange, rowCount: paging.total ?? 0 }}
      emptyLabel="You don't have any contracts"
    />
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
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'templates' ? 'templates' : 'contracts';
  const templates = useContractTemplates();
  const hasTemplate = (templates.data?.total ?? 0) > 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: string) => setParams(value === 'templates' ? { tab: 'templates' } : {}, { replace: true })}
        >
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
