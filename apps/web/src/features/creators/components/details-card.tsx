import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { canManageWallets, creatorName, entityTypes, nameIssues, stateRate, type CreatorRecord, type Role } from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { Field, SectionCard } from './section-card.tsx';
import { WithholdingDialog } from './withholding-dialog.tsx';

const detailsForm = z
  .object({
    entity_type: z.enum(entityTypes),
    first_name: z.string().trim().max(100),
    last_name: z.string().trim().max(100),
    business_name: z.string().trim().max(200),
    pronouns: z.string().trim().max(50),
  })
  .superRefine((value, ctx) => {
    for (const issue of nameIssues(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

function DetailsDialog({ creator, onClose }: { creator: CreatorRecord; onClose: () => void }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Creator updated!' });
  const { control, handleSubmit, formState } = useZodForm(detailsForm, {
    mode: 'onChange',
    defaultValues: {
      entity_type: creator.entity_type,
      first_name: creator.first_name ?? '',
      last_name: creator.last_name ?? '',
      business_name: creator.business_name ?? '',
      pronouns: creator.pronouns ?? '',
    },
  });
  const entityType = useWatch({ control, name: 'entity_type' });
  const onSubmit = handleSubmit(async (values) => {
    const orNull = (text: string) => text || null;
    await update.mutateAsync({
      entity_type: values.entity_type,
      first_name: orNull(values.first_name),
      last_name: orNull(values.last_name),
      business_name: orNull(values.business_name),
      pronouns: orNull(values.pronouns),
    });
    onClose();
  });
  return (
    <FormDialog
      titleId="details-title"
      title="Edit details"
      maxWidth="sm"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save"
      canSubmit={formState.isValid}
      isPending={update.isPending}
    >
      <FormTextField control={control} name="entity_type" label="Entity type" select fullWidth>
        <MenuItem value="individual">Individual</MenuItem>
        <MenuItem value="business">Business</MenuItem>
      </FormTextField>
      <FormTextField control={control} name="business_name" label="Business name" required={entityType === 'business'} fullWidth />
      <Stack direction="row" spacing={2}>
        <FormTextField control={control} name="first_name" label="First name" required={entityType === 'individual'} fullWidth />
        <FormTextField control={control} name="last_name" label="Last name" required={entityType === 'individual'} fullWidth />
      </Stack>
      <FormTextField control={control} name="pronouns" label="Pronouns" fullWidth />
    </FormDialog>
  );
}

/** What the W-2 withholding will be: the custom rate, else the home state's (federal on top). */
function withholdingText(creator: CreatorRecord): string {
  const rate = stateRate({ is_w2: creator.is_w2, custom_withholding_rate: creator.custom_withholding_rate, state: creator.address_state });
  const source = creator.custom_withholding_rate !== null ? 'custom' : creator.address_state ? creator.address_state : 'no home state';
  return `${rate}% state (${source}) + federal`;
}

export function DetailsCard({ creator }: { creator: CreatorRecord }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isEditingWithholding, setEditingWithholding] = useState(false);
  const { data: user } = useCurrentUser();
  // Employment and withholding change what the creator receives: owners and admins only (like executing payments).
  const canEditWithholding = user ? canManageWallets(user.role as Role) : false;
  return (
    <SectionCard
      title="Details"
      action={
        <Button size="small" onClick={() => setIsEditing(true)}>
          Edit
        </Button>
      }
    >
      <Stack spacing={1.5}>
        <Field label="Name">{creatorName(creator)}</Field>
        <Field label="Entity type">{creator.entity_type === 'business' ? 'Business' : 'Individual'}</Field>
        {creator.pronouns && <Field label="Pronouns">{creator.pronouns}</Field>}
        <Field label="Creator since">{formatDate(creator.created_at)}</Field>
        <Field label="Employment">{creator.is_w2 ? 'W-2 employee' : 'Contractor (no withholding)'}</Field>
        {creator.is_w2 && <Field label="Withholding">{withholdingText(creator)}</Field>}
        {canEditWithholding && (
          <Button size="small" sx={{ alignSelf: 'flex-start' }} onClick={() => setEditingWithholding(true)}>
            Edit employment and withholding
          </Button>
        )}
      </Stack>
      {isEditing && <DetailsDialog creator={creator} onClose={() => setIsEditing(false)} />}
      {isEditingWithholding && <WithholdingDialog creator={creator} onClose={() => setEditingWithholding(false)} />}
    </SectionCard>
  );
}
