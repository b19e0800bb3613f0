import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { inviteUserBody, roleLabels, type InviteUserInput } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useInviteMember } from '../api/members.ts';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';

const defaults: InviteUserInput = { email: '', role: 'collaborator', is_agent: false, is_manager: false };

/** Invite a member: email, role (Admin only for an owner) and the Agent and Manager flags. */
export function InviteMemberDialog({ canInviteAdmins, onClose }: { canInviteAdmins: boolean; onClose: () => void }) {
  const invite = useInviteMember();
  const { control, handleSubmit, formState } = useZodForm(inviteUserBody, { mode: 'onChange', defaultValues: defaults });
  const onSubmit = handleSubmit(async (body) => {
    await invite.mutateAsync(body);
    onClose();
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="invite-title">
      <DialogTitle id="invite-title">Invite a member</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            They get an email with a link to choose a password and join your organization.
          </DialogContentText>
          <Stack spacing={2}>
            <FormTextField control={control} name="email" label="Email address" type="email" required fullWidth autoFocus />
            <FormTextField control={control} name="role" label="Role" select fullWidth>
              {canInviteAdmins && <MenuItem value="admin">{roleLabels.admin}</MenuItem>}
              <MenuItem value="collaborator">{roleLabels.collaborator}</MenuItem>
            </FormTextField>
            <Stack direction="row" spacing={2}>
              <FormCheckbox control={control} name="is_agent" label="Agent" />
              <FormCheckbox control={control} name="is_manager" label="Manager" />
            </Stack>
          </Stack>
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel="Invite" canSubmit={formState.isValid} isPending={invite.isPending} />
      </form>
    </Dialog>
  );
}
