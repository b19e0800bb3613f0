import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { canRemindContract, contractMessages, type ContractRecord } from '@crewpay/core';
import {
  ContractHeader,
  ContractStatusChip,
  downloadPdf,
  PdfViewer,
  PendingDocument,
  useContractReminders,
  useInvalidateContracts,
} from '../../../entities/contracts/index.ts';
import { DetailCard } from '../../../components/detail-card.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useContract, useContractPreview } from '../api/contract.ts';
import { ObjectTimeline } from '../../../components/object-timeline.tsx';

function DetailsCard({ contract }: { contract: ContractRecord }) {
  const recipientPath = contract.creator_id ? `/creators/${contract.creator_id}` : `/customers/${contract.customer_id}`;
  return (
    <DetailCard
      title="Details"
      rows={[
        ['Contract title', contract.title],
        [
          'Campaign',
          contract.payment_group_id ? (
            <Link component={RouterLink} to={`/campaigns/${contract.payment_group_id}`}>
              {contract.campaign_title}
            </Link>
          ) : (
            '-'
          ),
        ],
        ['Recipient type', contract.recipient_type === 'creator' ? 'Creator' : 'Customer'],
        [
          'Recipient',
          <Link component={RouterLink} to={recipientPath}>
            {contract.recipient}
          </Link>,
        ],
        ['Expiration date', formatDate(`${contract.expiration_date}T12:00:00`)],
        ['Status', <ContractStatusChip status={contract.display_status} />],
        ['Signed on', contract.signature_date ? formatDateTime(contract.signature_date) : '-'],
      ]}
    />
  );
}

/** /contracts/{id}: the actions, the Details card and the document (the signed copy once signed). */
export default function ContractPage() {
  const { id = '' } = useParams();
  const { data: contract, isError, refetch } = useContract(id);
  const preview = useContractPreview(id);
  const invalidate = useInvalidateContracts();
  const remind = useContractReminders();
  if (isError) return <RetryNotice message="There was an issue retrieving the contract" onRetry={() => void refetch()} />;
  if (!contract) return <FullPageSpinner />;
  const isSent = canRemindContract(contract);
  const isCanceled = contract.status === 'canceled';
  const download = () =>
    downloadPdf(
      `/v1/contracts/${contract.id}/file?version=signed`,
      contract.has_signed_file ? contract.file_name.replace(/\.pdf$/i, ' (signed).pdf') : contract.file_name,
    ).catch((error: unknown) => notifyFailure(error, 'There was an issue retrieving your file'));
  return (
    <Stack spacing={2}>
      <ContractHeader title={contract.title}>
        <Button
          variant="outlined"
          color="error"
          disabled={!isSent || invalidate.isPending}
          onClick={() => invalidate.mutate([contract.id])}
        >
          Invalidate
        </Button>
        <Button variant="outlined" disabled>
          Send SMS reminder
        </Button>
        <Button variant="outlined" disabled={!isSent || remind.isPending} onClick={() => remind.mutate([contract.id])}>
          Send email reminder
        </Button>
        <Button variant="contained" disabled={isCanceled} onClick={() => void download()}>
          Download
        </Button>
      </ContractHeader>
      {isCanceled && <Alert severity="warning">{contractMessages.invalidated}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <DetailsCard contract={contract} />
            <ObjectTimeline kind="contract" id={contract.id} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          {preview.data?.isPending || contract.preview_state === 'pending' ? (
            <PendingDocument
              onRefresh={() => {
                void refetch();
                void preview.refetch();
              }}
            />
          ) : contract.preview_state === 'failed' ? (
            <Alert severity="error">{contractMessages.unreadablePdf}</Alert>
          ) : (
            <PdfViewer bytes={preview.data?.bytes ?? null} fields={contract.has_signed_file ? [] : contract.formFields} width={560} />
          )}
        </Grid>
      </Grid>
    </Stack>
  );
}
