import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountMessages } from '@crewpay/core';
import { failureMessage } from '../../../lib/notify.ts';
import { useIsSignedIn } from '../../../lib/session/token.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { InvalidLink, LinkCard } from '../components/link-card.tsx';

/**
 * /confirmEmail/:linkId, opened from the email sent to a new address. Works signed in or not (the
 * link is the proof). The change happens on the click, not on opening the page.
 */
export default function ConfirmEmailPage() {
  const { linkId = '' } = useParams();
  const isSignedIn = useIsSignedIn();
  const confirm = useConfirmEmail();

  if (confirm.isError) {
    return (
      <LinkCard>
        <InvalidLink message={failureMessage(confirm.error, accountMessages.invalidLink)} />
      </LinkCard>
    );
  }
  return (
    <LinkCard>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Confirm your new email address
      </Typography>
      {confirm.data ? (
        <>
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {confirm.data.message}
          </Alert>
          <Typography sx={{ mb: 3 }}>
            Your Crewpay account now signs in with <strong>{confirm.data.email}</strong>.
          </Typography>
          <Button component={RouterLink} to={isSignedIn ? '/' : '/signin'} variant="contained" size="large" fullWidth>
            {isSignedIn ? 'Continue' : 'Sign in'}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Use this address for your Crewpay account from now on. Your current address stops signing in.
          </Typography>
          <Button variant="contained" size="large" fullWidth loading={confirm.isPending} onClick={() => confirm.mutate(linkId)}>
            Confirm email address
          </Button>
        </>
      )}
    </LinkCard>
  );
}
