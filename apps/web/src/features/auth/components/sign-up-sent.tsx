import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { accountMessages } from '@crewpay/core';

/** After Sign up: the link in the email finishes it (the same screen whether or not the address had an account). */
export function SignUpSent({ email }: { email: string }) {
  return (
    <Stack spacing={2.5}>
      <Alert severity="success" role="status">
        {accountMessages.signUpSent}
      </Alert>
      <Typography>
        We sent an email to <strong>{email}</strong>. Open the link in it to finish signing up; it works once and expires in 24 hours.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        No email after a few minutes? Check your spam folder. If you already have an account, the email says so.
      </Typography>
      <Button component={RouterLink} to="/signin" variant="outlined" size="large" fullWidth>
        Sign in
      </Button>
    </Stack>
  );
}
