import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { changeEmailBody } from '@crewpay/core';
import { FormPasswordField, FormTextField } from '../../../components/form/form-fields.tsx';
import { DialogForm } from '../../../components/form/form-dialog.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useChangeEmail } from '../api/change-email.ts';

/**
 * The new address and the current password (a stolen session alone cannot move the account).
 * Once sent, the dialog says where to look: the email changes only when the new address's link is opened.
 */
export function ChangeEmailDialog({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const change = useChangeEmail();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const { control, handleSubmit, formState } = useZodForm(changeEmailBody, {
    mode: 'onChange',
    defaultValues: { email: '', current_password: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    const answer = await change.mutateAsync(body);
    setSent({ email: body.email, message: answer.message });
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="change-email-title">
      <DialogTitle id="change-email-title">Change email address</DialogTitle>
      {sent ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {sent.message}
              </Alert>
              <Typography variant="body2">
                Open the link we sent to <strong>{sent.email}</strong> within 24 hours. Until then you keep signing in with {currentEmail},
                which we have told about this request.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <DialogForm
          onSubmit={onSubmit}
          onCancel={onClose}
          submitLabel="Send link"
          canSubmit={formState.isValid}
          isPending={change.isPending}
          fieldsSx={{ pt: 1 }}
        >
          <FormTextField control={control} name="email" label="New email address" type="email" autoComplete="email" fullWidth autoFocus />
          <FormPasswordField control={control} name="current_password" label="Current password" autoComplete="current-password" fullWidth />
        </DialogForm>
      )}
    </Dialog>
  );
}
