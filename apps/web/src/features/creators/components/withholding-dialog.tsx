import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { usStates, type CreatorRecord } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
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
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="withholding-title">
      <DialogTitle id="withholding-title">Employment and withholding</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Stack spacing={2}>
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isValid}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
