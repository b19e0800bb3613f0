import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { inviteUserBody, type InviteUserInput } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useAddAgentManager } from '../api/agents-managers.ts';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';

type PersonKind = 'agent' | 'manager';

/** New Agent / New Manager: valid email, first and last name, optional phone. */
export function NewAgentManagerDialog({ kind, onClose }: { kind: PersonKind; onClose: () => void }) {
  const add = useAddAgentManager();
  const title = kind === 'agent' ? 'New Agent' : 'New Manager';
  const defaults: InviteUserInput = {
    email: '',
    first_name: '',
    last_name: '',
    phone_number: '',
    is_agent: kind === 'agent',
    is_manager: kind === 'manager',
  };
  const { control, handleSubmit, formState } = useZodForm(inviteUserBody, { mode: 'onChange', defaultValues: defaults });
  const onSubmit = handleSubmit(async (body) => {
    await add.mutateAsync(body);
    onClose();
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="new-person-title">
      <DialogTitle id="new-person-title">{title}</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Stack spacing={2}>
            <FormTextField control={control} name="email" label="Email address" type="email" required fullWidth autoFocus />
            <Stack direction="row" spacing={2}>
              <FormTextField control={control} name="first_name" label="First name" required fullWidth />
              <FormTextField control={control} name="last_name" label="Last name" required fullWidth />
            </Stack>
            <FormTextField control={control} name="phone_number" label="Phone (optional)" placeholder="(555) 555-5555" fullWidth />
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel="Add" canSubmit={formState.isValid} isPending={add.isPending} />
      </form>
    </Dialog>
  );
}
