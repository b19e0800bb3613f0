import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { createCustomerBody, type CreateCustomerInput, type CustomerListItem } from '@crewpay/core';
import { useCreateCustomer } from '../api/customers.ts';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

const emptyCustomer: CreateCustomerInput = { name: '', email: '', attn: '', cc_emails: '', phone_number: '' };

type Props = { isOpen: boolean; onClose: () => void; onCreated?: (customer: CustomerListItem) => void; title?: string };

/** Add customer (spec section 5): name and email required, attn optional, CC emails comma separated and each valid. */
export function NewCustomerDialog({ isOpen, onClose, onCreated, title = 'New Customer' }: Props) {
  const create = useCreateCustomer();
  const { control, handleSubmit, reset, formState } = useZodForm(createCustomerBody, { defaultValues: emptyCustomer, mode: 'onChange' });
  const close = () => {
    reset(emptyCustomer);
    onClose();
  };
  const onSubmit = handleSubmit(async (body) => {
    const customer = await create.mutateAsync(body);
    onCreated?.(customer);
    close();
  });

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby="new-customer-title">
      <DialogTitle id="new-customer-title">{title}</DialogTitle>
      {/* Stops the submit from also submitting a form this dialog is opened from (the wizard's General step). */}
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event).catch(() => undefined);
        }}
      >
        <DialogContent>
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label="Name" required fullWidth autoFocus />
            <FormTextField control={control} name="email" label="Email" type="email" required fullWidth />
            <FormTextField control={control} name="attn" label="Attn (optional)" fullWidth />
            <FormTextField
              control={control}
              name="cc_emails"
              label="CC emails (optional)"
              helperText="Separate emails with commas"
              fullWidth
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={close} submitLabel="Add customer" canSubmit={formState.isValid} isPending={create.isPending} />
      </form>
    </Dialog>
  );
}
