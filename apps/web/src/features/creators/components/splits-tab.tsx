import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { splitMessage, type CreatorRecord, type MemberRecord } from '@crewpay/core';
import { displayName } from '../../../lib/format.ts';
import { useAgentsManagers } from '../../../entities/creators/index.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { CampaignSplitsCard } from './campaign-splits-card.tsx';
import { SectionCard } from './section-card.tsx';

const isSplit = (value: string) => /^\d{1,3}$/.test(value) && Number(value) <= 100;

type PartyProps = {
  title: 'Agent' | 'Manager';
  people: MemberRecord[];
  personId: string;
  split: string;
  onPersonChange: (id: string) => void;
  onSplitChange: (split: string) => void;
};

/** One party and its split; the creator's split is what is left of 100. */
function PartySplit({ title, people, personId, split, onPersonChange, onSplitChange }: PartyProps) {
  const isValid = isSplit(split);
  const creatorSplit = isValid ? String(100 - Number(split)) : '';
  return (
    <SectionCard title={`${title} split`}>
      <Stack spacing={2}>
        <TextField
          select
          size="small"
          label={title}
          value={personId}
          onChange={(event) => onPersonChange(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          fullWidth
        >
          <MenuItem value="">No {title.toLowerCase()}</MenuItem>
          {people.map((person) => (
            <MenuItem key={person.id} value={person.id}>
              {displayName(person)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={2}>
          <TextField
            size="small"
            label="Creator split %"
            value={creatorSplit}
            onChange={(event) => onSplitChange(isSplit(event.target.value) ? String(100 - Number(event.target.value)) : event.target.value)}
            fullWidth
          />
          <TextField
            size="small"
            label={`${title} split %`}
            value={split}
            onChange={(event) => onSplitChange(event.target.value.trim())}
            error={!isValid}
            helperText={isValid ? ' ' : splitMessage}
            fullWidth
          />
        </Stack>
      </Stack>
    </SectionCard>
  );
}

/**
 * Splits: the creator's agent and manager and their default shares (creator split + the other
 * party's = 100), then the campaign split editor: a split per campaign beside the default.
 */
export function SplitsTab({ creator }: { creator: CreatorRecord }) {
  const { data: people = [] } = useAgentsManagers();
  const update = useUpdateCreator(creator.id, { successMessage: 'Splits saved!' });
  const [agentId, setAgentId] = useState(creator.agent_id ?? '');
  const [agentSplit, setAgentSplit] = useState(String(creator.agent_split));
  const [managerId, setManagerId] = useState(creator.manager_id ?? '');
  const [managerSplit, setManagerSplit] = useState(String(creator.manager_split));
  const isValid = isSplit(agentSplit) && isSplit(managerSplit);
  const isChanged =
    agentId !== (creator.agent_id ?? '') ||
    managerId !== (creator.manager_id ?? '') ||
    agentSplit !== String(creator.agent_split) ||
    managerSplit !== String(creator.manager_split);

  const save = () => {
    const changes = {
      ...(agentId !== (creator.agent_id ?? '') ? { agent_id: agentId || null } : {}),
      ...(managerId !== (creator.manager_id ?? '') ? { manager_id: managerId || null } : {}),
      ...(agentSplit !== String(creator.agent_split) ? { agent_split: Number(agentSplit) } : {}),
      ...(managerSplit !== String(creator.manager_split) ? { manager_split: Number(managerSplit) } : {}),
    };
    update.mutate(changes);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        When this creator is paid, the agent and the manager receive their split of the payment.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartySplit
            title="Agent"
            people={people.filter((person) => person.is_agent)}
            personId={agentId}
            split={agentSplit}
            onPersonChange={setAgentId}
            onSplitChange={setAgentSplit}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PartySplit
            title="Manager"
            people={people.filter((person) => person.is_manager)}
            personId={managerId}
            split={managerSplit}
            onPersonChange={setManagerId}
            onSplitChange={setManagerSplit}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={save} disabled={!isValid || !isChanged} loading={update.isPending}>
          Save splits
        </Button>
      </Stack>
      <CampaignSplitsCard creator={creator} />
    </Stack>
  );
}
