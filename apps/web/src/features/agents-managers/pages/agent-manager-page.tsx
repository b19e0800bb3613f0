import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayUsPhone, type MemberRecord } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { displayName } from '../../../lib/format.ts';
import { usePerson, useUpdateAgentManager } from '../api/agents-managers.ts';
import { PaymentsTable } from '../../../entities/payments/index.ts';
import { PersonCampaignsTab } from '../components/person-campaigns-tab.tsx';

const tabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'campaigns', label: 'Campaigns' },
  { value: 'payments', label: 'Payments' },
] as const;

function ProfileCard({ person }: { person: MemberRecord }) {
  const update = useUpdateAgentManager(person.id);
  const [names, setNames] = useState({ first_name: person.first_name ?? '', last_name: person.last_name ?? '' });
  const isChanged = names.first_name !== (person.first_name ?? '') || names.last_name !== (person.last_name ?? '');
  const isValid = names.first_name.trim() !== '' && names.last_name.trim() !== '';
  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <TextField
              size="small"
              label="First name"
              value={names.first_name}
              onChange={(event) => setNames({ ...names, first_name: event.target.value })}
              error={!names.first_name.trim()}
              helperText={names.first_name.trim() ? ' ' : 'This field is required'}
              fullWidth
            />
            <TextField
              size="small"
              label="Last name"
              value={names.last_name}
              onChange={(event) => setNames({ ...names, last_name: event.target.value })}
              error={!names.last_name.trim()}
              helperText={names.last_name.trim() ? ' ' : 'This field is required'}
              fullWidth
            />
          </Stack>
          <Typography variant="body2">Email: {person.email}</Typography>
          <Typography variant="body2">Phone: {person.phone_number ? displayUsPhone(person.phone_number) : '—'}</Typography>
          <Stack direction="row" spacing={2}>
            <FormControlLabel
              control={<Switch checked={person.is_agent} onChange={(event) => update.mutate({ is_agent: event.target.checked })} />}
              label="Agent"
            />
            <FormControlLabel
              control={<Switch checked={person.is_manager} onChange={(event) => update.mutate({ is_manager: event.target.checked })} />}
              label="Manager"
            />
          </Stack>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              disabled={!isChanged || !isValid}
              loading={update.isPending}
              onClick={() => update.mutate({ first_name: names.first_name.trim(), last_name: names.last_name.trim() })}
            >
              Save
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /agentsManagers/{id} with tabs profile, campaigns, payments. */
export default function AgentManagerPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'profile';
  const { data: person, isError, refetch } = usePerson(id);
  if (isError) return <RetryNotice message="There was an issue retrieving your Agents/ Managers" onRetry={() => void refetch()} />;
  if (!person) return <FullPageSpinner />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {displayName(person)}
        </Typography>
        {person.is_agent && <Chip size="small" label="Agent" />}
        {person.is_manager && <Chip size="small" label="Manager" />}
      </Stack>
      <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="Agent or manager sections">
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'profile' && <ProfileCard key={person.updated_at} person={person} />}
      {tab === 'campaigns' && <PersonCampaignsTab personId={person.id} />}
      {tab === 'payments' && <PaymentsTable tab="all_payments" recipient={person.id} />}
    </Stack>
  );
}
