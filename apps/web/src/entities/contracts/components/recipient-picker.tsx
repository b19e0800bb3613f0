import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useCreators } from '../../creators/index.ts';
import { useCustomers } from '../../customers/index.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';

export type RecipientOption = { id: string; name: string; email: string | null };

type Props = {
  type: 'creator' | 'customer';
  value: RecipientOption | null;
  onChange: (value: RecipientOption | null) => void;
  disabled?: boolean;
};

const creatorName = (creator: { business_name: string | null; first_name: string | null; last_name: string | null; email: string }) =>
  creator.business_name || [creator.first_name, creator.last_name].filter(Boolean).join(' ') || creator.email;

/** The contract's recipient: a creator or a customer of the organisation, searched on the server. */
export function RecipientPicker({ type, value, onChange, disabled }: Props) {
  const [input, setInput] = useState('');
  const search = useDebounced(value && input === value.name ? '' : input.trim(), 300);
  const creators = useCreators({ page: 0, search: type === 'creator' ? search : '' });
  const customers = useCustomers({ page: 0, search: type === 'customer' ? search : '' });
  const options: RecipientOption[] =
    type === 'creator'
      ? (creators.data?.data ?? []).map((creator) => ({ id: creator.id, name: creatorName(creator), email: creator.email }))
      : (customers.data?.data ?? []).map((customer) => ({ id: customer.id, name: customer.name, email: customer.email }));
  return (
    <Autocomplete
      value={value}
      options={options}
      disabled={disabled}
      loading={type === 'creator' ? creators.isFetching : customers.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, recipient) => onChange(recipient)}
      onInputChange={(_event, text) => setInput(text)}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.name}
          {option.email && ` (${option.email})`}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label="Recipient" required />}
    />
  );
}
