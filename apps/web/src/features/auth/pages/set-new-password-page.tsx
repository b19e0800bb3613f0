import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { failureMessage } from '../../../lib/notify.ts';
import { useExpiringLink } from '../api/get-expiring-link.ts';
import { SetPasswordForm } from '../components/set-password-form.tsx';

const INVALID_LINK = 'Sorry! This link is no longer valid.';

/** /resetPassword/:linkId, opened from the emailed link; works without signing in. */
export default function SetNewPasswordPage() {
  const { linkId = '' } = useParams();
  const link = useExpiringLink(linkId);

  if (link.isPending) return <FullPageSpinner />;
  // An invited person has no password to reset: they are greeted and choose their first one.
  const isInvitation = link.data?.type === 'invitation';

  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4.5 }, borderRadius: 3 }}>
        {link.isError ? (
          <Box sx={{ textAlign: 'center' }}>
            <LinkOffRounded color="disabled" sx={{ fontSize: 48, mb: 1 }} />
            <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
              {failureMessage(link.error, INVALID_LINK)}
            </Typography>
            <Button component={RouterLink} to="/signin" variant="outlined">
              Back to sign in
            </Button>
          </Box>
        ) : (
          <>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.75 }}>
              {isInvitation ? 'Set your password' : 'Set a new password'}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {isInvitation
                ? `You have been invited${link.data.email ? ` as ${link.data.email}` : ''}: choose a password to sign in.`
                : link.data.email
                  ? `Choose a new password for ${link.data.email}.`
                  : 'Choose a new password for your account.'}
            </Typography>
            <SetPasswordForm linkId={linkId} submitLabel={isInvitation ? 'Set password' : 'Reset'} />
          </>
        )}
      </Paper>
    </Box>
  );
}
