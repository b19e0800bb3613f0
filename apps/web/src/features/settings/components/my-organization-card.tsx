import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createOrgBody, type OrgRecord, type UserRecord } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useUpdateOrg } from '../api/update-org.ts';

function EditForm({ org, onDone }: { org: OrgRecord; onDone: () => void }) {
  const update = useUpdateOrg();
  const { control, handleSubmit, formState } = useZodForm(createOrgBody, {
    mode: 'onChange',
    defaultValues: { name: org.name, website: org.website ?? '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    await update.mutateAsync(body);
    onDone();
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <FormTextField control={control} name="name" label="Organization name" required fullWidth />
      <FormTextField control={control} name="website" label="Website" required fullWidth />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={!formState.isValid} loading={update.isPending}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

/** My Organization: name and website, edited by owners and admins. */
export function MyOrganizationCard({ org, viewer }: { org: OrgRecord; viewer: UserRecord }) {
  const [isEditing, setIsEditing] = useState(false);
  const canEdit = viewer.role === 'owner' || viewer.role === 'admin';
  return (
    <Card variant="outlined" component="section" aria-label="My Organization">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            My Organization
          </Typography>
          {canEdit && !isEditing && <Button onClick={() => setIsEditing(true)}>Edit</Button>}
        </Stack>
        {isEditing ? (
          <EditForm org={org} onDone={() => setIsEditing(false)} />
        ) : (
          <Stack spacing={1}>
            <Typography variant="body2">Organization name: {org.name}</Typography>
            <Typography variant="body2">Website: {org.website ?? '—'}</Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
