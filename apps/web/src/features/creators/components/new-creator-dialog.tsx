import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { createCreatorBody, type CreateCreatorInput } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useCreateCreator } from '../api/create-creator.ts';

const emptyCreator: CreateCreatorInput = {
  email: '',
  entity_type: 'individual',
  first_name: '',
  last_name: '',
  business_name: '',
  phone_number: '',
  account_number: '',
  routing_number: '',
};

/** Add creator: email, individual or business, names or business name, optional phone and bank details. */
export function NewCreatorDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const createCreator = useCreateCreator();
  const { control, handleSubmit, reset, formState } = useZodForm(createCreatorBody, { defaultValues: emptyCreator, mode: 'onChange' });
  const entityType = useWatch({ control, name: 'entity_type' });
  const close = () => {
    reset(emptyCreator);
    onClose();
  };
  const onSubmit = handleSubmit(async (body) => {
    await createCreator.mutateAsync(body);
    close();
  });

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby="new-creator-title">
      <DialogTitle id="new-creator-title">New Creator</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Stack spacing={2}>
            <FormTextField control={control} name="email" label="Email address" type="email" required fullWidth autoFocus />
            <FormTextField control={control} name="entity_type" label="Entity type" select fullWidth>
              <MenuItem value="individual">Individual</MenuItem>
              <MenuItem value="business">Business</MenuItem>
            </FormTextField>
            {entityType === 'business' ? (
              <FormTextField control={control} name="business_name" label="Business name" required fullWidth />
            ) : (
              <Stack direction="row" spacing={2}>
                <FormTextField control={control} name="first_name" label="First name" required fullWidth />
                <FormTextField control={control} name="last_name" label="Last name" required fullWidth />
              </Stack>
            )}
            <FormTextField control={control} name="phone_number" label="Phone (optional)" placeholder="(555) 555-5555" fullWidth />
            <Typography variant="subtitle2" color="text.secondary">
              Bank account (optional)
            </Typography>
            <Stack direction="row" spacing={2}>
              <FormTextField control={control} name="account_number" label="Account number" inputMode="numeric" fullWidth />
              <FormTextField control={control} name="routing_number" label="Routing number" inputMode="numeric" fullWidth />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={close} disabled={createCreator.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={createCreator.isPending} disabled={!formState.isValid}>
            Add creator
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
