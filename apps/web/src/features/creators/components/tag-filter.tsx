import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { TagRecord } from '@crewpay/core';
import { useTags } from '../api/tags.ts';

type Props = { tagId: string | undefined; onChange: (tagId: string | undefined) => void };

/** /creators' tag filter: one of the organisation's tags (GET /v1/tags), its id kept in the URL. */
export function TagFilter({ tagId, onChange }: Props) {
  const { data: tags = [], isFetching } = useTags();
  // The URL's tag before the tags arrive (or one since deleted) shows no label rather than its id.
  const value = tags.find((tag) => tag.id === tagId) ?? null;
  return (
    <Autocomplete<TagRecord>
      size="small"
      value={value}
      options={tags}
      loading={isFetching}
      getOptionLabel={(tag) => tag.label}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, tag) => onChange(tag?.id)}
      renderOption={(props, tag) => (
        <li {...props} key={tag.id}>
          {tag.label}
        </li>
      )}
      renderInput={(params) => <TextField {...params} label="Tag" />}
      sx={{ width: { xs: '100%', sm: 200 } }}
    />
  );
}
