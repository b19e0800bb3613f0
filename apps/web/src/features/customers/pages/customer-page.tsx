import { useParams, useSearchParams } from 'react-router';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ContractsTab } from '../../../entities/contracts/index.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCustomer } from '../../../entities/customers/index.ts';
import { InvoiceTable } from '../../../entities/invoices/index.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { CustomerAddressCard } from '../components/customer-address-card.tsx';
import { CustomerDetailsCard } from '../components/customer-details-card.tsx';
import { CustomerQuickbooksCard } from '../components/customer-quickbooks-card.tsx';
import { PortalAccessCard } from '../components/portal-access-card.tsx';

const tabs = [
  { value: 'info', label: 'Info' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'contracts', label: 'Contracts' },
] as const;
type CustomerTab = (typeof tabs)[number]['value'];
const tabOf = (value: string | null): CustomerTab => tabs.find((tab) => tab.value === value)?.value ?? 'info';

/** /customers/{id}: tabs Info, Invoices, Contracts (?tab=). */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { data: customer, isError, refetch } = useCustomer(id);
  const { data: org } = useCurrentOrg();
  if (isError) return <RetryNotice message="There was an issue retrieving customers" onRetry={() => void refetch()} />;
  if (!customer) return <FullPageSpinner />;

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {customer.name}
      </Typography>
      <Tabs value={tab} onChange={(_event, value: CustomerTab) => setParams({ tab: value }, { replace: true })}>
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'info' && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <CustomerDetailsCard customer={customer} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CustomerAddressCard customer={customer} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <CustomerQuickbooksCard customer={customer} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <PortalAccessCard customer={customer} />
          </Grid>
        </Grid>
      )}
      {tab === 'invoices' && (
        <InvoiceTable
          filter={{ tab: 'all', customer_id: customer.id }}
          singularConfirm
          newInvoiceHref={`/invoices/newInvoice?customerId=${customer.id}`}
          canCreate={Boolean(org?.treasury_id)}
        />
      )}
      {tab === 'contracts' && <ContractsTab filter={{ customer_id: customer.id }} newContractPath="/contracts/newContract" />}
    </Stack>
  );
}
