import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contractMessages } from '@crewpay/core';
import { formatLongDate } from '../../../lib/format.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { downloadPdf, PdfViewer, PendingDocument } from '../../../entities/contracts/index.ts';
import { notifyFailure } from '../../../lib/notify.ts';
import { useSignContract, useSigningDocument, useSigningLink } from '../api/signing.ts';
import { SignForm } from '../components/sign-form.tsx';

const INVALID = 'Sorry! This link is no longer valid.';

/** /sign/{linkId}: the emailed (or portal) signing link: read the document, type or draw, consent, Sign. */
export default function SigningPage() {
  const { linkId = '' } = useParams();
  const link = useSigningLink(linkId);
  const documentQuery = useSigningDocument(linkId, link.data?.state);
  const sign = useSignContract(linkId);
  if (link.isError) {
    return (
      <Paper variant="outlined" sx={{ maxWidth: 640, mx: 'auto', my: 4, p: 4 }}>
        <Typography variant="h6" component="h1" sx={{ textAlign: 'center' }}>
          {INVALID}
        </Typography>
      </Paper>
    );
  }
  const view = link.data;
  if (!view) return <FullPageSpinner />;
  const fileName = `${view.title}${view.state === 'signed' ? ' (signed)' : ''}.pdf`;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto', my: 3 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {view.title}
      </Typography>
      <Typography color="text.secondary">
        From {view.org_name} to {view.signer_name}
      </Typography>
      {view.state === 'canceled' && <Alert severity="warning">{contractMessages.invalidated}</Alert>}
      {view.state === 'pending' && <PendingDocument onRefresh={() => void link.refetch()} />}
      {view.state === 'signed' && (
        <Alert
          severity="success"
          action={
            <Button
              color="inherit"
              onClick={() =>
                void downloadPdf(`/v1/contract_signing/${linkId}/document`, fileName).catch((error: unknown) => notifyFailure(error))
              }
            >
              Download signed copy
            </Button>
          }
        >
          Signed. A copy with its signature certificate has been emailed to you.
        </Alert>
      )}
      {(view.state === 'ready' || view.state === 'signed') && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: view.state === 'ready' ? 7 : 12 }}>
            <PdfViewer bytes={documentQuery.data ?? null} fields={view.state === 'ready' ? view.formFields : []} width={560} />
          </Grid>
          {view.state === 'ready' && (
            <Grid size={{ xs: 12, md: 5 }}>
              <Paper variant="outlined" sx={{ p: 3 }}>
                <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                  Sign this document
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                  Your signature is placed in each highlighted block ({view.formFields.length}). This link works until the end of{' '}
                  {formatLongDate(`${view.expiration_date}T12:00:00`)}.
                </Typography>
                <SignForm defaultName={view.signer_name} isSigning={sign.isPending} onSign={(body) => sign.mutate(body)} />
              </Paper>
            </Grid>
          )}
        </Grid>
      )}
    </Stack>
  );
}
