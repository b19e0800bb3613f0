import type { FormEvent, ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { FormDialogActions } from './form-dialog-actions.tsx';

type FormProps = {
  /** A react-hook-form handleSubmit; a refused save has been shown by the API client, so its rejection ends here. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  submitLabel: string;
  canSubmit: boolean;
  isPending: boolean;
  /** The column of fields' own style (room above the first label where the title sits close). */
  fieldsSx?: SxProps<Theme>;
  children: ReactNode;
};

/** A dialog's form: its fields in one column, then Cancel and the submit button, enabled only when the form is valid. */
export function DialogForm({ onSubmit, onCancel, submitLabel, canSubmit, isPending, fieldsSx, children }: FormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <DialogContent>
        <Stack spacing={2} sx={fieldsSx}>
          {children}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={onCancel} submitLabel={submitLabel} canSubmit={canSubmit} isPending={isPending} />
    </form>
  );
}

type DialogPropsOf = Omit<FormProps, 'onCancel'> & {
  titleId: string;
  title: string;
  maxWidth: DialogProps['maxWidth'];
  onClose: () => void;
};

/** An open dialog that is one form: its title, the fields, Cancel (closes) and the submit button. */
export function FormDialog({ titleId, title, maxWidth, onClose, ...form }: DialogPropsOf) {
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogForm onCancel={onClose} {...form} />
    </Dialog>
  );
}
