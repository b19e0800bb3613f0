import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { paymentTabOf, paymentTabs, type PaymentTab } from '@crewpay/core';
import { ApprovalsTabLabel } from '../components/approvals-tab-label.tsx';
import {
  ApprovalsQueue,
  PaymentsTable,
  paymentListFiltersOf,
  paymentListFiltersParams,
  type PaymentListFilters,
} from '../../../entities/payments/index.ts';
import { ViewsMenu } from '../../../entities/saved-views/index.ts';
import { EditPaymentButton } from '../components/edit-payment-button.tsx';
import { UploadCsvButton } from '../components/upload-csv-button.tsx';
import { ListFilterBar } from '../../../components/list-filter-bar.tsx';

/**
 * /payments: tabs All, Posted, Initiated, Error, Draft (?tab=; an unknown value opens the first)
 * and the filters (days created, amounts, a search by recipient, memo or reference), all in the URL: a link or a reload shows the same list.
 */
export default function PaymentsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = paymentTabOf(params.get('tab')).value;
  const filters = paymentListFiltersOf(params);
  const show = (next: { tab: PaymentTab; filters: PaymentListFilters }) =>
    setParams({ tab: next.tab, ...paymentListFiltersParams(next.filters) });
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_event, value: PaymentTab) => show({ tab: value, filters })}
        aria-label="Payment tabs"
        variant="scrollable"
      >
        {paymentTabs.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.value === 'approval_payments' ? <ApprovalsTabLabel label={item.label} /> : item.label}
          />
        ))}
      </Tabs>
      {/* Approvals: the queue with Approve and Reject, not the list (Settings > Approvals). */}
      {tab === 'approval_payments' ? (
        <ApprovalsQueue />
      ) : (
        <>
          <ListFilterBar
            filters={filters}
            onChange={(next) => show({ tab, filters: next })}
            search={{ placeholder: 'Search by recipient, memo or reference', ariaLabel: 'Search payments' }}
            dates
            amounts
            collapseOnPhone
          >
            <ViewsMenu list="payments" query={params.toString()} onPick={(query) => setParams(new URLSearchParams(query))} />
          </ListFilterBar>
          <PaymentsTable
            key={tab}
            tab={tab}
            filters={filters}
            selectionActions={(selected) => <EditPaymentButton selected={selected} />}
            extraActions={
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                <UploadCsvButton />
                <Button variant="contained" onClick={() => void navigate('/payments/newPayment')}>
                  New Payment
                </Button>
              </Stack>
            }
          />
        </>
      )}
    </Stack>
  );
}
