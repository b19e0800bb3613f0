import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { DataTable } from '../../../components/data-table.tsx';
import { contractColumns } from '../../../components/contracts/contract-columns.tsx';
import { useContracts, useContractTemplates } from '../../../lib/contracts-api.ts';
import { templateColumns } from '../components/template-columns.tsx';

/** /contracts: tabs contracts and templates (?tab=templates); the target after a contract or template is created. */
export default function ContractsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'templates' ? 'templates' : 'contracts';
  const contracts = useContracts();
  const templates = useContractTemplates();
  const hasTemplate = (templates.data?.data.length ?? 0) > 0;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Tabs value={tab} onChange={(_event, value: string) => setParams(value === 'templates' ? { tab: 'templates' } : {}, { replace: true })}>
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
          <Button variant="contained" component={RouterLink} to="/contracts/newContract">
            New Contract
          </Button>
        </Stack>
      </Stack>
      {tab === 'contracts' ? (
        <DataTable
          ariaLabel="Contracts"
          rows={contracts.data?.data ?? []}
          columns={contractColumns()}
          isLoading={contracts.isFetching && !contracts.data}
          emptyLabel="You don't have any contracts"
        />
      ) : (
        <DataTable
          ariaLabel="Templates"
          rows={templates.data?.data ?? []}
          columns={templateColumns}
          isLoading={templates.isFetching && !templates.data}
          emptyLabel="You don't have a contract template"
        />
      )}
    </Stack>
  );
}
