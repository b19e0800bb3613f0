import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { createOrgBody } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useSignOut } from '../../../lib/session/sign-out.ts';
import { useCreateOrg } from '../api/create-org.ts';

export function CreateOrgForm() {
  const navigate = useNavigate();
  const createOrg = useCreateOrg();
  // Cancel abandons the new account's session and starts over at sign-up.
  const cancel = useSignOut('/signup/join');
  const { control, handleSubmit } = useZodForm(createOrgBody, { defaultValues: { name: '', website: '' } });

  const onSubmit = handleSubmit(async (body) => {
    await createOrg.mutateAsync(body);
    await navigate('/', { replace: true });
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack spacing={2.5}>
        <FormTextField control={control} name="name" label="Name" autoComplete="organization" required fullWidth />
        <FormTextField
          control={control}
          name="website"
          label="Website"
          placeholder="https://example.com"
          autoComplete="url"
          required
          fullWidth
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ mt: 3.5, justifyContent: 'flex-end' }}>
        <Button color="inherit" size="large" onClick={() => void cancel()} disabled={createOrg.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={createOrg.isPending}>
          Submit
        </Button>
      </Stack>
    </Box>
  );
}
