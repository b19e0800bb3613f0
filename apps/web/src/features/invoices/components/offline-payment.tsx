import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { offlinePaymentNote, type InvoiceLinkInfo } from '@crewpay/core';

/**
 * An offline invoice's pay page, below the invoice: the organisation collects it outside Crewpay,
 * so the page says so (as its email did) and offers the PDF, never a form the server would refuse.
 */
export function OfflinePayment({ invoice, linkId }: { invoice: InvoiceLinkInfo; linkId: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        How to pay
      </Typography>
      <Typography>{offlinePaymentNote(invoice.org_name)}</Typography>
      {invoice.has_attachment && (
        <Button variant="outlined" href={`/v1/invoices/pay/attachment?id=${encodeURIComponent(linkId)}`} download>
          Download the PDF
        </Button>
      )}
    </Stack>
  );
}
