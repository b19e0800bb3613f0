import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { creatorName, type CreatorRecord } from '@crewpay/core';

/** What a row needs of a creator: the list rows and the full records both have it. */
export type CreatorOption = Pick<
  CreatorRecord,
  'id' | 'email' | 'first_name' | 'last_name' | 'business_name' | 'entity_type' | 'is_active'
>;
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCreators } from '../../../entities/creators/index.ts';

const creatorLabel = (creator: CreatorOption) => creatorName(creator) || creator.email;

type Props = { value: CreatorOption | null; onChange: (creator: CreatorOption | null) => void; label?: string };

/** Picks a creator, searched on the server; inactive creators are allowed within a campaign. */
export function CreatorPicker({ value, onChange, label = 'Creator' }: Props) {
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim(), 300);
  const { data, isFetching } = useCreators({ page: 0, search: value && input === creatorLabel(value) ? '' : search });
  return (
    <Autocomplete
      size="small"
      value={value}
      options={data?.data ?? []}
      loading={isFetching}
      filterOptions={(options) => options}
      getOptionLabel={creatorLabel}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, creator) => onChange(creator)}
      onInputChange={(_event, text) => setInput(text)}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {creatorLabel(option)}
          {!option.is_active && ' (inactive)'}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label={label} />}
      sx={{ minWidth: 220, flex: 1 }}
    />
  );
}
