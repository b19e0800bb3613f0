import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { paymentTabOf, paymentTabs, type PaymentTab } from '@crewpay/core';
import { PaymentsTable } from '../../../entities/payments/index.ts';
import { EditPaymentButton } from '../components/edit-payment-button.tsx';

/** /payments: tabs All, Posted, Initiated, Error, Draft (?tab=; an unknown value opens the first). */
export default function PaymentsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = paymentTabOf(params.get('tab')).value;
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, value: PaymentTab) => setParams({ tab: value })} aria-label="Payment tabs" variant="scrollable">
        {paymentTabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      <PaymentsTable
        key={tab}
        tab={tab}
        selectionActions={(selected) => <EditPaymentButton selected={selected} />}
        extraActions={
          <Button variant="contained" onClick={() => void navigate('/payments/newPayment')}>
            New Payment
          </Button>
        }
      />
    </Stack>
  );
}
