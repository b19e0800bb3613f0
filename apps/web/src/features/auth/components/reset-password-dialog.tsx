import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { resetPasswordBody } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

type Props = { isOpen: boolean; initialEmail: string; onClose: () => void };

/** 'Forgot password?': emails a link to the set-new-password page. */
export function ResetPasswordDialog({ isOpen, initialEmail, onClose }: Props) {
  const requestReset = useRequestPasswordReset();
  const { control, handleSubmit, reset } = useZodForm(resetPasswordBody, { defaultValues: { email: '' } });

  useEffect(() => {
    if (isOpen) reset({ email: initialEmail });
  }, [isOpen, initialEmail, reset]);

  const onSubmit = handleSubmit(async (body) => {
    await requestReset.mutateAsync(body);
    onClose();
  });

  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="reset-password-title">
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogTitle id="reset-password-title">Reset Password</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter the email address of your account and we will email you a link to set a new password.
          </DialogContentText>
          <FormTextField control={control} name="email" label="Email address" type="email" autoComplete="email" autoFocus fullWidth />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={requestReset.isPending}>
            Reset
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
