import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { invoiceTabs, type InvoiceTab } from '@crewpay/core';
import { InvoiceTable } from '../../../entities/invoices/index.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';

const labels: Record<InvoiceTab, string> = { open: 'Open', paid: 'Paid', canceled: 'Canceled', all: 'All' };
const tabOf = (value: string | null): InvoiceTab => invoiceTabs.find((tab) => tab === value) ?? 'open';

/** /invoices: tabs Open, Paid, Canceled, All (?tab=); New Invoice needs a treasury account. */
export default function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { data: org } = useCurrentOrg();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        Invoices
      </Typography>
      <Tabs value={tab} onChange={(_event, value: InvoiceTab) => setParams({ tab: value }, { replace: true })}>
        {invoiceTabs.map((value) => (
          <Tab key={value} value={value} label={labels[value]} />
        ))}
      </Tabs>
      <InvoiceTable
        key={tab}
        filter={{ tab }}
        showCustomer
        showSms
        showExport
        newInvoiceHref="/invoices/newInvoice"
        canCreate={Boolean(org?.treasury_id)}
      />
    </Stack>
  );
}
