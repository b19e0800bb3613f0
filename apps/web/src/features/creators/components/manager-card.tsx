import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CreatorRecord } from '@crewpay/core';
import { displayName } from '../../../lib/format.ts';
import { useAgentsManagers } from '../../../entities/creators/index.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { SectionCard } from './section-card.tsx';

/** The creator's manager, chosen among the organisation's managers; the split is on the Splits tab. */
export function ManagerCard({ creator }: { creator: CreatorRecord }) {
  const { data: people = [] } = useAgentsManagers();
  const update = useUpdateCreator(creator.id, { successMessage: 'Manager updated!' });
  const managers = people.filter((person) => person.is_manager);
  return (
    <SectionCard title="Manager">
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          label="Manager"
          value={creator.manager_id ?? ''}
          onChange={(event) => update.mutate({ manager_id: event.target.value || null })}
          disabled={update.isPending}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          fullWidth
        >
          <MenuItem value="">No manager</MenuItem>
          {managers.map((manager) => (
            <MenuItem key={manager.id} value={manager.id}>
              {displayName(manager)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary">
          {creator.manager_id
            ? `Manager split ${creator.manager_split}%`
            : managers.length
              ? 'No manager'
              : 'Add managers on the Agents/Managers page.'}
        </Typography>
      </Stack>
    </SectionCard>
  );
}
