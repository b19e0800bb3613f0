import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { customerAddressBody, usStates, type CustomerRecord } from '@crewpay/core';
import { DetailRow, EditableCard } from '../../../components/editable-card.tsx';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useEditableCardForm } from '../../../components/form/use-editable-card-form.ts';
import { useUpdateCustomer } from '../../../entities/customers/index.ts';

/** The Address card sends the spec's address object; the rules are the API's (state 2 letters, zip 5 digits). */
const addressForm = z.object({ address: customerAddressBody });
type AddressInput = z.input<typeof addressForm>;

const valuesOf = (customer: CustomerRecord): AddressInput => ({
  address: {
    line_1: customer.address_line_1 ?? '',
    line_2: customer.address_line_2 ?? '',
    city: customer.address_city ?? '',
    state: customer.address_state ?? '',
    zip: customer.address_zip ?? '',
  },
});

export function CustomerAddressCard({ customer }: { customer: CustomerRecord }) {
  const update = useUpdateCustomer(customer.id);
  const { control, card } = useEditableCardForm(addressForm, { values: valuesOf(customer), save: (body) => update.mutateAsync(body) });

  return (
    <EditableCard
      title="Address"
      {...card}
      isSaving={update.isPending}
      view={
        <>
          <DetailRow label="Address 1" value={customer.address_line_1} />
          <DetailRow label="Address 2" value={customer.address_line_2} />
          <DetailRow label="City" value={customer.address_city} />
          <DetailRow label="State" value={customer.address_state} />
          <DetailRow label="Zip" value={customer.address_zip} />
        </>
      }
      fields={
        <>
          <FormTextField control={control} name="address.line_1" label="Address 1" fullWidth size="small" />
          <FormTextField control={control} name="address.line_2" label="Address 2" fullWidth size="small" />
          <FormTextField control={control} name="address.city" label="City" fullWidth size="small" />
          <Stack direction="row" spacing={2}>
            <FormTextField control={control} name="address.state" label="State" select fullWidth size="small">
              <MenuItem value="">
                <em>None</em>
              </MenuItem>
              {usStates.map((state) => (
                <MenuItem key={state.code} value={state.code}>
                  {state.code} - {state.name}
                </MenuItem>
              ))}
            </FormTextField>
            <FormTextField
              control={control}
              name="address.zip"
              label="Zip"
              fullWidth
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Stack>
        </>
      }
    />
  );
}
