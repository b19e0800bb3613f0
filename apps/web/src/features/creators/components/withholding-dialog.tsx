import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { usStates, type CreatorRecord } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { FormDialog } from '../../../components/form/form-dialog.tsx';
import { useUpdateCreator } from '../api/update-creator.ts';

const rateMessage = 'Enter a percentage from 0 to 100 with at most 2 decimals, or leave it empty for the state rate';
const withholdingForm = z.object({
  is_w2: z.boolean(),
  custom_withholding_rate: z
    .string()
    .trim()
    .refine((text) => text === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) <= 100), rateMessage),
  address_line_1: z.string().trim().max(200, 'Must be at most 200 characters'),
  address_line_2: z.string().trim().max(200, 'Must be at most 200 characters'),
  address_city: z.string().trim().max(100, 'Must be at most 100 characters'),
  address_state: z.string(),
  address_zip: z
    .string()
    .trim()
    .refine((text) => text === '' || /^\d{5}$/.test(text), 'Must be 5 digits'),
});

/** W-2, custom withholding rate and the home address whose state sets the state withholding (owners and admins). */
export function WithholdingDialog({ creator, onClose }: { creator: CreatorRecord; onClose: () => void }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Creator updated!' });
  const { control, handleSubmit, formState } = useZodForm(withholdingForm, {
    mode: 'onChange',
    defaultValues: {
      is_w2: creator.is_w2,
      custom_withholding_rate: creator.custom_withholding_rate === null ? '' : String(creator.custom_withholding_rate),
      address_line_1: creator.address_line_1 ?? '',
      address_line_2: creator.address_line_2 ?? '',
      address_city: creator.address_city ?? '',
      address_state: creator.address_state ?? '',
      address_zip: creator.address_zip ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const orNull = (text: string) => text || null;
    await update.mutateAsync({
      is_w2: values.is_w2,
      custom_withholding_rate: values.custom_withholding_rate === '' ? null : Number(values.custom_withholding_rate),
      address_line_1: orNull(values.address_line_1),
      address_line_2: orNull(values.address_line_2),
      address_city: orNull(values.address_city),
      address_state: orNull(values.address_state),
      address_zip: orNull(values.address_zip),
    });
    onClose();
  });
  return (
    <FormDialog
      titleId="withholding-title"
      title="Employment and withholding"
      maxWidth="sm"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save"
      canSubmit={formState.isValid}
      isPending={update.isPending}
    >
      <FormCheckbox control={control} name="is_w2" label="W-2 employee (withhold state and federal taxes from payments)" />
      <FormTextField
        control={control}
        name="custom_withholding_rate"
        label="Custom state withholding rate (%)"
        helperText="Empty: the rate of the home state"
        fullWidth
      />
      <Typography variant="subtitle2">Home address</Typography>
      <FormTextField control={control} name="address_line_1" label="Address line 1" fullWidth />
      <FormTextField control={control} name="address_line_2" label="Address line 2" fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="address_city" label="City" fullWidth />
        <FormTextField control={control} name="address_state" label="State" select fullWidth>
          <MenuItem value="">None</MenuItem>
          {usStates.map((state) => (
            <MenuItem key={state.code} value={state.code}>
              {state.name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="address_zip" label="ZIP" fullWidth />
      </Stack>
    </FormDialog>
  );
}
