import { useFieldArray, useController, type Control } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { beneficialOwnersBody, type BeneficialOwnersAnswer, type BeneficialOwnersBody } from '@crewpay/core';
import { FormCheckbox, FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useSaveBeneficialOwners } from '../api/onboarding.ts';
import { AddressFields } from './activation-fields.tsx';

type Owner = BeneficialOwnersBody['owners'][number];
type OwnersControl = Control<BeneficialOwnersBody, unknown, unknown>;

const ATTESTATION = 'I attest that all owners with 25% or more ownership of the business have been provided.';
const MAX_OWNERS = 4;

const emptyOwner = (): Owner => ({
  first_name: '',
  last_name: '',
  title: '',
  email: '',
  dob: '',
  percent_ownership: '' as unknown as number,
  address: '',
  address2: '',
  city: '',
  state: '' as Owner['state'],
  zip_code: '',
});

/** Whole percentages only: the digits typed, kept as a number (empty while nothing is typed). */
function PercentField({ control, name }: { control: OwnersControl; name: `owners.${number}.percent_ownership` }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label="Ownership"
      required
      fullWidth
      name={field.name}
      inputRef={field.ref}
      value={field.value === undefined || field.value === null ? '' : String(field.value)}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 3);
        field.onChange(digits === '' ? '' : Number(digits));
      }}
      onBlur={field.onBlur}
      error={fieldState.error !== undefined}
      helperText={fieldState.error?.message}
      slotProps={{
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        htmlInput: { inputMode: 'numeric' },
      }}
    />
  );
}

function OwnerFields({ control, index, onRemove }: { control: OwnersControl; index: number; onRemove?: () => void }) {
  const at = <K extends keyof Owner>(key: K) => `owners.${index}.${key}` as const;
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} component="fieldset" aria-label={`Owner ${index + 1}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography component="legend" sx={{ fontWeight: 600 }}>
          Owner {index + 1}
        </Typography>
        {onRemove && (
          <Button color="inherit" onClick={onRemove}>
            Remove owner {index + 1}
          </Button>
        )}
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name={at('first_name')} label="First name" autoComplete="off" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name={at('last_name')} label="Last name" autoComplete="off" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField control={control} name={at('email')} label="Email" type="email" autoComplete="off" required fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name={at('dob')}
            label="Date of birth"
            type="date"
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 6 }}>
          <PercentField control={control} name={at('percent_ownership')} />
        </Grid>
        <Grid size={{ xs: 6, md: 6 }}>
          <FormTextField control={control} name={at('title')} label="Title (optional)" autoComplete="off" fullWidth />
        </Grid>
        <AddressFields control={control} prefix={`owners.${index}.`} />
      </Grid>
    </Paper>
  );
}

/**
 * What Stripe asks of a company: its beneficial owners (everyone owning 25% or more, with their
 * percentage) and the owner's attestation that the list is complete. Sent to Stripe at once; the
 * requirement goes once Stripe has them.
 */
export function BeneficialOwnersForm({ saved, onSent }: { saved: BeneficialOwnersAnswer | undefined; onSent: () => void }) {
  const save = useSaveBeneficialOwners();
  const { control, handleSubmit, formState } = useZodForm(beneficialOwnersBody, {
    defaultValues: {
      owners: saved && saved.owners.length > 0 ? (saved.owners as Owner[]) : [emptyOwner()],
      attestation: false,
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'owners' });
  const onSubmit = handleSubmit(async (body) => {
    await save.mutateAsync(body);
    onSent();
  });
  const together = formState.errors.owners?.root?.message ?? formState.errors.owners?.message;
  const ownersControl = control as unknown as OwnersControl;
  return (
    <Box component="form" noValidate aria-label="Beneficial owners" onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack spacing={2}>
        <Typography>
          List everyone who owns 25% or more of the business, directly or indirectly. If nobody does, remove the owner and confirm below.
        </Typography>
        {fields.map((field, index) => (
          <OwnerFields key={field.id} control={ownersControl} index={index} onRemove={() => remove(index)} />
        ))}
        {together && <Alert severity="error">{together}</Alert>}
        {fields.length < MAX_OWNERS && (
          <Button variant="outlined" onClick={() => append(emptyOwner())} sx={{ alignSelf: 'flex-start' }}>
            Add an owner
          </Button>
        )}
        <FormCheckbox control={control} name="attestation" label={ATTESTATION} />
        <Button type="submit" variant="contained" loading={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          Send to Stripe
        </Button>
      </Stack>
    </Box>
  );
}
