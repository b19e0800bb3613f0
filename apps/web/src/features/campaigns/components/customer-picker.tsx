import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NewCustomerDialog, useCustomers } from '../../../entities/customers/index.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

export type CustomerOption = { id: string; name: string; email: string | null };

type Props = {
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  onBlur: () => void;
  error?: string | undefined;
};

/** The campaign's customer (required), searched on the server, with the inline Add Customer dialog. */
export function CustomerPicker({ value, onChange, onBlur, error }: Props) {
  const [input, setInput] = useState('');
  const [isAdding, setAdding] = useState(false);
  const search = useDebounced(input.trim(), 300);
  const { data, isFetching } = useCustomers({ page: 0, search: value && input === value.name ? '' : search });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Autocomplete
        value={value}
        options={(data?.data ?? []).map((customer): CustomerOption => ({ id: customer.id, name: customer.name, email: customer.email }))}
        loading={isFetching}
        filterOptions={(options) => options}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, selected) => option.id === selected.id}
        onChange={(_event, customer) => onChange(customer)}
        onInputChange={(_event, text) => setInput(text)}
        onBlur={onBlur}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            {option.name}
            {option.email && ` (${option.email})`}
          </li>
        )}
        renderInput={(params) => <TextField {...params} label="Customer" required error={error !== undefined} helperText={error} />}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" sx={{ mt: 1, whiteSpace: 'nowrap' }} onClick={() => setAdding(true)}>
        Add Customer
      </Button>
      <NewCustomerDialog
        title="Add Customer"
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onCreated={(customer) => onChange({ id: customer.id, name: customer.name, email: customer.email })}
      />
    </Stack>
  );
}
