import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { PAYMENT_UPLOAD_HEADERS, formatCents, paymentUploadMessages, type PaymentUploadPreview } from '@crewpay/core';
import { usePreviewPaymentUpload, useUploadPayments } from '../../../entities/payments/index.ts';
import { CsvUploadDialog, useCsvPreview } from '../../../components/csv-upload-dialog.tsx';
import { UploadErrorsTable } from './upload-errors-table.tsx';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function PreviewSummary({ preview }: { preview: PaymentUploadPreview }) {
  if (preview.errors.length > 0)
    return (
      <>
        <Alert severity="error" sx={{ mt: 2 }}>
          {`${plural(preview.total, 'row', 'rows')}, ${plural(preview.total - preview.valid, 'row has', 'rows have')} errors. Fix them in the file and choose it again: nothing is created until every row is right.`}
        </Alert>
        <UploadErrorsTable errors={preview.errors} />
      </>
    );
  return (
    <Alert severity="success" sx={{ mt: 2 }}>
      {`${plural(preview.valid, 'payment', 'payments')} ready, ${formatCents(preview.amount)}${preview.estimated ? ' (estimate)' : ''} in all`}
      {preview.scheduled > 0 && `, ${plural(preview.scheduled, 'is', 'are')} scheduled to execute on its date`}
      {'. They are created as drafts: nothing is paid until they are executed.'}
      {/* Rows in another currency count as their USD estimate, as the created payments show it: never yen added to dollars. */}
      {preview.estimated && " Rows in another currency are counted in USD at Nium's rate: Execute's quote fixes it."}
    </Alert>
  );
}

/**
 * Payments > Upload CSV: choose a file, read the server's preview (its totals, or each row's
 * error with the New Payment form's message), then create every row as a draft at once. One key
 * per file read: a double click or a retry creates the drafts once.
 */
export function UploadPaymentsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const previewFile = usePreviewPaymentUpload();
  const upload = useUploadPayments();
  const csv = useCsvPreview<PaymentUploadPreview>({ read: previewFile.mutateAsync, notCsv: () => paymentUploadMessages.notCsv });
  const { file, preview } = csv;

  const close = () => {
    csv.clear();
    onClose();
  };
  const create = async () => {
    if (!file) return;
    await upload.mutateAsync({ file, idempotencyKey: csv.idempotencyKey });
    close();
  };
  const isWorking = previewFile.isPending || upload.isPending;

  return (
    <CsvUploadDialog
      isOpen={isOpen}
      onClose={close}
      titleId="upload-payments-title"
      title="Upload CSV"
      description={`Upload a CSV file with the headers ${PAYMENT_UPLOAD_HEADERS.join(', ')}: the recipient's email or id, an amount (or earnings and a split), and optionally a currency, a memo, a campaign (its name or id) and a date to execute on (YYYY-MM-DD). The currency is USD when empty; a creator paid abroad may be paid in their currency (GBP, EUR, JPY…), the amount then in it with its own decimals (JPY has none). You will see any errors before anything is created.`}
      csv={csv}
      picker={{ isDisabled: isWorking }}
      progress={
        isWorking && (
          <Box sx={{ mt: 2 }}>
            <LinearProgress aria-label={upload.isPending ? 'Creating payments' : 'Reading file'} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {upload.isPending && preview ? `Creating ${plural(preview.valid, 'draft payment', 'draft payments')}…` : 'Reading the file…'}
            </Typography>
          </Box>
        )
      }
      actions={
        <>
          <Button color="inherit" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void create().catch(() => undefined)}
            disabled={!file || !preview || preview.errors.length > 0 || preview.valid === 0}
            loading={upload.isPending}
          >
            {preview && preview.errors.length === 0 ? `Create ${plural(preview.valid, 'draft', 'drafts')}` : 'Create drafts'}
          </Button>
        </>
      }
    >
      {preview && <PreviewSummary key={csv.idempotencyKey} preview={preview} />}
    </CsvUploadDialog>
  );
}
