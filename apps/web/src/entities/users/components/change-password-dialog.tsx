import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { changePasswordBody, messages } from '@crewpay/core';
import { FormPasswordField } from '../../../components/form/form-fields.tsx';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useChangePassword } from '../api/change-password.ts';

// The API's body plus the confirmation only the form asks for.
const changePasswordForm = changePasswordBody
  .extend({ confirm_password: z.string() })
  .refine((form) => form.new_password === form.confirm_password, {
    message: messages.passwordsMustMatch,
    path: ['confirm_password'],
  });

/** Current password, new password and its confirmation; Submit stays disabled until they match. */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const change = useChangePassword();
  const { control, handleSubmit, formState } = useZodForm(changePasswordForm, {
    mode: 'onChange',
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    await change.mutateAsync({ current_password, new_password });
    onClose();
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">Change password</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormPasswordField
              control={control}
              name="current_password"
              label="Current password"
              autoComplete="current-password"
              fullWidth
              autoFocus
            />
            <FormPasswordField
              control={control}
              name="new_password"
              label="New password"
              autoComplete="new-password"
              helperText={messages.password}
              fullWidth
            />
            <FormPasswordField
              control={control}
              name="confirm_password"
              label="Confirm new password"
              autoComplete="new-password"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel="Submit" canSubmit={formState.isValid} isPending={change.isPending} />
      </form>
    </Dialog>
  );
}
