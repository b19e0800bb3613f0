import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { invoiceTabs, type InvoiceTab } from '@crewpay/core';
import { InvoiceTable } from '../../../entities/invoices/index.ts';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';
import { useListFilters } from '../../../lib/list-filters.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';

const labels: Record<InvoiceTab, string> = { open: 'Open', paid: 'Paid', canceled: 'Canceled', all: 'All' };
const tabOf = (value: string | null): InvoiceTab => invoiceTabs.find((tab) => tab === value) ?? 'open';

/**
 * /invoices: tabs Open, Paid, Canceled, All (?tab=), a search box and filters (days created,
 * amounts), all in the URL so a reload, a shared link or a saved view shows the same list. New
 * Invoice needs a treasury account.
 */
export default function InvoicesPage() {
  const { filters, setFilters, setParam, showQuery, params } = useListFilters();
  const tab = tabOf(params.get('tab'));
  const { data: org } = useCurrentOrg();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Invoices
      </Typography>
      <Tabs value={tab} onChange={(_event, value: InvoiceTab) => setParam('tab', value)} variant="scrollable">
        {invoiceTabs.map((value) => (
          <Tab key={value} value={value} label={labels[value]} />
        ))}
      </Tabs>
      <ListFilterBar
        filters={filters}
        onChange={setFilters}
        dates
        amounts
        collapseOnPhone
        search={{ placeholder: 'Search by number, title or customer', ariaLabel: 'Search invoices' }}
      >
        <ViewsMenu list="invoices" query={params.toString()} onPick={showQuery} />
      </ListFilterBar>
      <InvoiceTable
        key={tab}
        filter={{ tab, ...filters }}
        showCustomer
        showSms
        showExport
        newInvoiceHref="/invoices/newInvoice"
        canCreate={Boolean(org?.treasury_id)}
      />
    </Stack>
  );
}
