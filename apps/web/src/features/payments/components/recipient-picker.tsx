import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { creatorName, type RecipientRole } from '@crewpay/core';
import { getCreators, useAgentsManagers } from '../../../entities/creators/index.ts';

export type RecipientOption = { id: string; role: RecipientRole; label: string; email: string; isDisabled: boolean };

type Props = {
  value: RecipientOption | null;
  onChange: (option: RecipientOption | null) => void;
  hasGroup: boolean;
  error?: string | undefined;
  label?: string;
};

/** Creators (searched on the server), then agents and managers. Inactive creators only within a campaign. */
export function RecipientPicker({ value, onChange, hasGroup, error, label = 'Recipient' }: Props) {
  const [search, setSearch] = useState('');
  const { data: creators } = useQuery({
    queryKey: ['creators', 'list', 0, search],
    queryFn: () => getCreators({ page: 0, search }),
    placeholderData: keepPreviousData,
  });
  const { data: people = [] } = useAgentsManagers();
  const options: RecipientOption[] = [
    ...(creators?.data ?? []).map((row) => ({
      id: row.id,
      role: 'creator' as const,
      label: creatorName(row) || row.email,
      email: row.email,
      isDisabled: !row.is_active && !hasGroup,
    })),
    ...people.flatMap((person) => {
      const label = [person.first_name, person.last_name].filter(Boolean).join(' ') || person.email;
      const roles: RecipientRole[] = [...(person.is_agent ? ['agent' as const] : []), ...(person.is_manager ? ['manager' as const] : [])];
      return roles.map((role) => ({ id: person.id, role, label, email: person.email, isDisabled: false }));
    }),
  ];
  const roleLabel = { creator: 'Creators', agent: 'Agents', manager: 'Managers' } as const;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      onChange={(_event, option) => onChange(option)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setSearch(text.trim());
      }}
      groupBy={(option) => roleLabel[option.role]}
      getOptionLabel={(option) => option.label}
      getOptionDisabled={(option) => option.isDisabled}
      isOptionEqualToValue={(option, selected) => option.id === selected.id && option.role === selected.role}
      filterOptions={(all, state) =>
        all.filter((option) => option.role === 'creator' || option.label.toLowerCase().includes(state.inputValue.trim().toLowerCase()))
      }
      renderOption={(props, option) => (
        <li {...props} key={`${option.role}:${option.id}`}>
          {option.label}
          {option.isDisabled ? ' (inactive)' : ''}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
      sx={{ minWidth: 220, flex: 1.4 }}
    />
  );
}
