import { z } from 'zod';
import { changePasswordBody, messages } from '@crewpay/core';
import { FormPasswordField } from '../../../components/form/form-fields.tsx';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
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
    <FormDialog
      titleId="change-password-title"
      title="Change password"
      maxWidth="xs"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Submit"
      canSubmit={formState.isValid}
      isPending={change.isPending}
      fieldsSx={{ pt: 1 }}
    >
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
      <FormPasswordField control={control} name="confirm_password" label="Confirm new password" autoComplete="new-password" fullWidth />
    </FormDialog>
  );
}
