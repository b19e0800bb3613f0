import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages, setPasswordFromLinkBody } from '@crewpay/core';
import { FormPasswordField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { markLinkSpent } from '../api/get-expiring-link.ts';
import { useSetPasswordFromLink } from '../api/set-password-from-link.ts';

/** `submitLabel`: Reset for a password reset, Set password for an invitation. */
type Props = { linkId: string; submitLabel?: string };

export function SetPasswordForm({ linkId, submitLabel = 'Reset' }: Props) {
  const navigate = useNavigate();
  const setPassword = useSetPasswordFromLink();
  const { control, handleSubmit, watch } = useZodForm(setPasswordFromLinkBody, { defaultValues: { password: '' } });
  const isEmpty = watch('password') === '';

  // A password failing the rule flags the field and makes no call.
  const onSubmit = handleSubmit(async ({ password }) => {
    // From now on the page must not ask about this link again (see markLinkSpent).
    markLinkSpent(linkId, true);
    try {
      await setPassword.mutateAsync({ linkId, password });
    } catch (error) {
      markLinkSpent(linkId, false);
      throw error;
    }
    await navigate('/', { replace: true });
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <FormPasswordField
        control={control}
        name="password"
        label="New password"
        autoComplete="new-password"
        helperText={messages.password}
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isEmpty} loading={setPassword.isPending} sx={{ mt: 3 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
