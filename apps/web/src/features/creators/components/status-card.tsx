import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { CreatorRecord } from '@crewpay/core';
import { useUpdateCreator } from '../api/update-creator.ts';
import { SectionCard } from './section-card.tsx';

/** Active or disabled: a disabled creator cannot be selected for a campaign from the list. */
export function StatusCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Status updated!' });
  return (
    <SectionCard title="Status">
      <FormControlLabel
        control={
          <Switch
            checked={creator.is_active}
            onChange={(event) => update.mutate({ is_active: event.target.checked })}
            disabled={update.isPending}
          />
        }
        label={creator.is_active ? 'Active' : 'Disabled'}
      />
      <Typography variant="body2" color="text.secondary">
        {creator.is_active ? 'This creator can be paid and added to campaigns.' : 'This creator cannot be selected for new campaigns.'}
      </Typography>
    </SectionCard>
  );
}
