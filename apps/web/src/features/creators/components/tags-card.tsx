import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatorRecord } from '@crewpay/core';
import { useAddTag, useCreatorTags, useRemoveTag, useTags } from '../api/tags.ts';
import { SectionCard } from './section-card.tsx';

/** Tag chips: remove with the chip's delete icon; add an existing or a new label. */
export function TagsCard({ creator }: { creator: CreatorRecord }) {
  const { data: tags = [] } = useTags();
  // The creator's enrollments once loaded; the record's own tags until then.
  const { data: enrollments } = useCreatorTags(creator.id);
  const own = enrollments?.map((row) => ({ id: row.tag_id, label: row.label })) ?? creator.tags;
  const addTag = useAddTag(creator);
  const removeTag = useRemoveTag(creator);
  const [label, setLabel] = useState('');
  const options = tags.filter((tag) => !own.some((mine) => mine.id === tag.id)).map((tag) => tag.label);
  const add = async () => {
    const trimmed = label.trim();
    if (!trimmed) return;
    await addTag.mutateAsync(trimmed);
    setLabel('');
  };

  return (
    <SectionCard title="Tags">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {own.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No tags yet
          </Typography>
        )}
        {own.map((tag) => (
          <Chip key={tag.id} label={tag.label} onDelete={() => removeTag.mutate(tag.id)} disabled={removeTag.isPending} />
        ))}
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void add().catch(() => undefined);
        }}
      >
        <Autocomplete
          freeSolo
          options={options}
          inputValue={label}
          onInputChange={(_event, value) => setLabel(value)}
          sx={{ flexGrow: 1 }}
          renderInput={(params) => (
            <TextField {...params} size="small" label="Add a tag" slotProps={{ htmlInput: { ...params.inputProps, maxLength: 50 } }} />
          )}
        />
        <Button type="submit" variant="outlined" disabled={!label.trim()} loading={addTag.isPending}>
          Add
        </Button>
      </Stack>
    </SectionCard>
  );
}
