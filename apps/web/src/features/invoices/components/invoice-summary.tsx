import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { describeNet, dueDateOf, formatInvoiceAmount, type InvoiceLinkInfo } from '@crewpay/core';
import { formatDate } from '../../../lib/format.ts';

/** The pay page's invoice: number, amount, due date with terms, title, description, From and Billed to. */
export function InvoiceSummary({ invoice, pdfHref }: { invoice: InvoiceLinkInfo; pdfHref?: string }) {
  const address = invoice.org_address;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 2 }}>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {formatInvoiceAmount(invoice.amount, invoice.currency)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Invoice {invoice.number}
        </Typography>
      </Stack>
      <Typography color="text.secondary">
        Due {formatDate(`${dueDateOf(invoice.created_at, invoice.net)}T12:00:00`)} · {describeNet(invoice.net)}
      </Typography>
      <Divider />
      {/* The page's one top heading: what is being paid. */}
      <Typography variant="h6" component="h1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {invoice.title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{invoice.description}</Typography>
      {pdfHref && (
        <Button variant="outlined" href={pdfHref} download startIcon={<FileDownloadOutlined />} sx={{ alignSelf: 'flex-start' }}>
          Download invoice PDF
        </Button>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Typography variant="overline" color="text.secondary">
            From
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{invoice.org_name}</Typography>
          {address.line1 && <Typography variant="body2">{address.line1}</Typography>}
          {address.line2 && <Typography variant="body2">{address.line2}</Typography>}
          {address.city && <Typography variant="body2">{`${address.city}, ${address.state} ${address.zip}`}</Typography>}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography variant="overline" color="text.secondary">
            Billed to
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{invoice.recipient.name}</Typography>
          <Typography variant="body2">{invoice.recipient.email}</Typography>
        </Grid>
      </Grid>
    </Stack>
  );
}
