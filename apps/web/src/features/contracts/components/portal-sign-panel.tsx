import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { formatLongDate } from '../../../lib/format.ts';
import { useSignContract, useSigningLink } from '../api/signing.ts';
import { SignForm } from './sign-form.tsx';

/**
 * Signing from the portal's contract page: the same link and the same signing call as the
 * emailed page (/sign/{linkId}), shown beside the document so the creator stays in the portal.
 */
export function PortalSignPanel({ linkId, onSigned }: { linkId: string; onSigned: () => void }) {
  const link = useSigningLink(linkId);
  const sign = useSignContract(linkId);
  const view = link.data;
  if (!view) return <FullPageSpinner />;
  return (
    <Paper variant="outlined" component="section" aria-label="Sign this document" sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Sign this document
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Your signature is placed in each highlighted block ({view.formFields.length}). This link works until the end of{' '}
        {formatLongDate(`${view.expiration_date}T12:00:00`)}.
      </Typography>
      <SignForm defaultName={view.signer_name} isSigning={sign.isPending} onSign={(body) => sign.mutate(body, { onSuccess: onSigned })} />
    </Paper>
  );
}
