import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useWatch } from 'react-hook-form';
import {
  beneficiaryStep,
  paymentInfoStep,
  paymentMethodFields,
  paymentMethodKinds,
  wizardCountries,
  wizardCurrencies,
  type PaymentInfoField,
  type PaymentMethodKind,
} from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/** Step 0: where the beneficiary is and which currency they are paid in. */
export function BeneficiaryForm({ onNext }: { onNext: () => void }) {
  const { control, handleSubmit } = useZodForm(beneficiaryStep, {
    defaultValues: { country: '', currency: undefined, address_1: '', address_2: '', city: '', state: '', zip: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onNext)(event)}>
      <Box sx={grid}>
        <FormTextField control={control} name="country" label="Country" select required>
          {wizardCountries.map(([code, name]) => (
            <MenuItem key={code} value={code}>
              {name}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="currency" label="Currency" select required>
          {wizardCurrencies.map((currency) => (
            <MenuItem key={currency} value={currency}>
              {currency}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={control} name="address_1" label="Address 1" required />
        <FormTextField control={control} name="address_2" label="Address 2" />
        <FormTextField control={control} name="city" label="City" required />
        <FormTextField control={control} name="state" label="State" required />
        <FormTextField control={control} name="zip" label="Zip" required />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button type="submit" variant="contained">
          Next
        </Button>
      </Stack>
    </form>
  );
}

const fieldLabels: Record<PaymentInfoField, string> = {
  bank: 'Bank',
  first_name: 'First name',
  last_name: 'Last name',
  account_number: 'Account number',
  routing_number: 'Routing number',
  card_number: 'Card number',
  name_on_card: 'Name on card',
  expiration_date: 'Expiration date (MM/YY)',
  cvv: 'CVV',
  location: 'Location',
};
const emptyFields = Object.fromEntries(Object.keys(fieldLabels).map((name) => [name, '']));

/** Step 1: the method and its fields (International Bank, US Bank, Card, OTC Cash). */
export function PaymentInfoForm({ onBack, onFinish }: { onBack: () => void; onFinish: () => void }) {
  const { control, handleSubmit } = useZodForm(paymentInfoStep, {
    defaultValues: { method: undefined, ...emptyFields },
  });
  const method = useWatch({ control, name: 'method' }) as PaymentMethodKind | undefined;
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onFinish)(event)}>
      <Box sx={grid}>
        <FormTextField control={control} name="method" label="Payment method" select required>
          {paymentMethodKinds.map(([kind, label]) => (
            <MenuItem key={kind} value={kind}>
              {label}
            </MenuItem>
          ))}
        </FormTextField>
        <span />
        {method &&
          paymentMethodFields[method].map((name) => (
            <FormTextField key={`${method}-${name}`} control={control} name={name} label={fieldLabels[name]} required autoComplete="off" />
          ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        <Button onClick={onBack}>Back</Button>
        <Button type="submit" variant="contained">
          Finish
        </Button>
      </Stack>
    </form>
  );
}
