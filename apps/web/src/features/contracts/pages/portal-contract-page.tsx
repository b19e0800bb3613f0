import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canRemindContract, contractMessages } from '@crewpay/core';
import {
  ContractHeader,
  ContractStatusChip,
  downloadPdf,
  fetchPdf,
  PdfViewer,
  PendingDocument,
} from '../../../entities/contracts/index.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useMyContract, useMySigningLink } from '../api/portal.ts';
import { PortalSignPanel } from '../components/portal-sign-panel.tsx';

/** /creator/contracts/{contractId}: title, company, dates, status, the document, Download, and Sign while it is Sent. */
export default function PortalContractPage() {
  const { contractId = '' } = useParams();
  const queryClient = useQueryClient();
  const [signingLinkId, setSigningLinkId] = useState<string | null>(null);
  const { data: contract, isError, refetch } = useMyContract(contractId);
  const isCanceled = contract?.status === 'canceled';
  const file = useQuery({
    queryKey: ['portal-contracts', contractId, 'file', contract?.has_signed_file],
    queryFn: () => fetchPdf(`/v1/creator/contracts/${contractId}/file`),
    enabled: contract !== undefined && !isCanceled && contract.preview_state === 'ready',
    meta: { errorMessage: 'There was an issue retrieving your file' },
  });
  const signingLink = useMySigningLink();
  if (isError) return <RetryNotice message="There was an issue retrieving the contract" onRetry={() => void refetch()} />;
  if (!contract) return <FullPageSpinner />;
  return (
    <Stack spacing={2}>
      <ContractHeader title={contract.title}>
        {canRemindContract(contract) && contract.preview_state === 'ready' && (
          <Button
            variant="contained"
            disabled={signingLink.isPending || signingLinkId !== null}
            onClick={() => signingLink.mutate(contract.id, { onSuccess: (answer) => setSigningLinkId(answer.link_id) })}
          >
            Sign
          </Button>
        )}
        <Button
          variant="outlined"
          disabled={isCanceled}
          onClick={() =>
            void downloadPdf(`/v1/creator/contracts/${contract.id}/file`, contract.file_name).catch((error: unknown) =>
              notifyFailure(error, 'There was an issue retrieving your file'),
            )
          }
        >
          Download
        </Button>
      </ContractHeader>
      {isCanceled && <Alert severity="warning">{contractMessages.invalidated}</Alert>}
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={0.5}>
            <Typography>
              Company:{' '}
              {contract.org_website ? (
                <Link href={contract.org_website} target="_blank" rel="noopener noreferrer">
                  {contract.org_name}
                </Link>
              ) : (
                contract.org_name
              )}
            </Typography>
            <Typography>Signed on: {contract.signature_date ? formatDateTime(contract.signature_date) : '-'}</Typography>
            <Typography>Expiration date: {formatDate(`${contract.expiration_date}T12:00:00`)}</Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography>Status:</Typography>
              <ContractStatusChip status={contract.display_status} />
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {contract.preview_state === 'pending' && <PendingDocument onRefresh={() => void refetch()} />}
      {!isCanceled && contract.preview_state === 'failed' && <Alert severity="error">{contractMessages.unreadablePdf}</Alert>}
      {!isCanceled && contract.preview_state === 'ready' && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: signingLinkId ? 7 : 12 }}>
            <PdfViewer bytes={file.data ?? null} fields={signingLinkId ? contract.formFields : []} width={560} />
          </Grid>
          {signingLinkId && (
            <Grid size={{ xs: 12, md: 5 }}>
              <PortalSignPanel
                linkId={signingLinkId}
                onSigned={() => {
                  setSigningLinkId(null);
                  // The signed copy, its date and the home's to-dos change.
                  void queryClient.invalidateQueries({ queryKey: ['portal-contracts'] });
                  void queryClient.invalidateQueries({ queryKey: ['portal', 'home'] });
                }}
              />
            </Grid>
          )}
        </Grid>
      )}
    </Stack>
  );
}
