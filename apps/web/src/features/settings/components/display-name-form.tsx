import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { updateProfileBody, type UserRecord } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

/** The name the person is shown by in the app (header, members); blank shows their first and last name, else their email. */
export function DisplayNameForm({ viewer }: { viewer: UserRecord }) {
  const update = useUpdateProfile();
  const { control, handleSubmit, formState } = useZodForm(updateProfileBody, {
    defaultValues: { display_name: viewer.display_name ?? '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    // Blank reads as null here; the API takes the text (blank clears it).
    await update.mutateAsync({ display_name: body.display_name ?? '' });
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <FormTextField
          control={control}
          name="display_name"
          label="Display name"
          size="small"
          helperText="Shown instead of your name across Crewpay"
          sx={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="outlined" loading={update.isPending} disabled={!formState.isDirty}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
