import { useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountMessages } from '@crewpay/core';
import { failureMessage } from '../../../lib/notify.ts';
import { useConfirmSignUp } from '../api/sign-up.ts';
import { InvalidLink, LinkCard } from '../components/link-card.tsx';

/**
 * /confirmSignup/:linkId, opened from the sign-up email. The account is created by the click, not
 * by opening the page, so a mail scanner that fetches links creates nothing. Success goes to /.
 */
export default function ConfirmSignUpPage() {
  const { linkId = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmSignUp();
  const finish = async () => {
    await confirm.mutateAsync(linkId);
    await navigate('/', { replace: true });
  };

  return (
    <LinkCard>
      {confirm.isError ? (
        <InvalidLink message={failureMessage(confirm.error, accountMessages.invalidLink)} />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.75 }}>
            Finish signing up
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Confirm this email address to open your Crewpay account.
          </Typography>
          <Button
            variant="contained"
            size="large"
            fullWidth
            loading={confirm.isPending}
            onClick={() => void finish().catch(() => undefined)}
          >
            Finish signing up
          </Button>
        </>
      )}
    </LinkCard>
  );
}
