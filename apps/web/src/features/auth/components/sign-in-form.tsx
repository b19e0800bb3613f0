import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { signInBody } from '@crewpay/core';
import { FormPasswordField, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useSignIn } from '../api/sign-in.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';

type Audience = 'team' | 'creator';

const subtitles: Record<Audience, string> = {
  team: "Manage your organization's creators, contracts and payments.",
  creator: 'Creators: your contracts, payments and payout details. Customers: your invoices and contracts.',
};

export function SignInForm() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [audience, setAudience] = useState<Audience>('team');
  const [isResetOpen, setIsResetOpen] = useState(false);
  const { control, handleSubmit, getValues } = useZodForm(signInBody, {
    defaultValues: { email: '', password: '' },
    // Errors wait for the first submit: leaving the email field to click 'Forgot password?' must not flag it.
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (body) => {
    await signIn.mutateAsync({ ...body, audience });
    await navigate('/', { replace: true });
  });

  return (
    <>
      <ToggleButtonGroup
        value={audience}
        exclusive
        fullWidth
        color="primary"
        size="small"
        aria-label="Sign in as"
        onChange={(_event, value: Audience | null) => value && setAudience(value)}
        sx={{ mb: 1.5 }}
      >
        <ToggleButton value="team">Team member</ToggleButton>
        <ToggleButton value="creator">Creator / Customer</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {subtitles[audience]}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <Stack spacing={2.5}>
          <FormTextField control={control} name="email" label="Email address" type="email" autoComplete="email" autoFocus fullWidth />
          <FormPasswordField control={control} name="password" label="Password" autoComplete="current-password" fullWidth />
        </Stack>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Link component="button" type="button" variant="body2" onClick={() => setIsResetOpen(true)}>
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth loading={signIn.isPending} sx={{ mt: 3 }}>
          Sign in
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Crewpay?{' '}
        <Link component={RouterLink} to="/signup/join" sx={{ fontWeight: 600 }}>
          Create an account
        </Link>
      </Typography>
      <ResetPasswordDialog isOpen={isResetOpen} initialEmail={getValues('email')} onClose={() => setIsResetOpen(false)} />
    </>
  );
}
