import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { splitSample, type OrgRecord, type SplitSource, type UserRecord } from '@crewpay/core';
import { useUpdateOrg } from '../api/update-org.ts';
import { SplitFlowChart } from './split-flow-chart.tsx';

const sourceOptions: Array<{ value: SplitSource; label: string }> = [
  { value: 'creator', label: "Creator's split" },
  { value: 'org', label: "Org's split" },
];

type SourceField = 'agent_split_source' | 'manager_split_source';

/** Splits: where agent and manager shares come from, with the sample flow drawn from the payment math. */
export function SplitsCard({ org, viewer }: { org: OrgRecord; viewer: UserRecord }) {
  const update = useUpdateOrg();
  const canEdit = viewer.role === 'owner' || viewer.role === 'admin';
  const sources = { agent_split_source: org.agent_split_source, manager_split_source: org.manager_split_source };
  const select = (field: SourceField, label: string) => (
    <TextField
      select
      label={label}
      value={sources[field]}
      disabled={!canEdit || update.isPending}
      onChange={(event) => update.mutate({ [field]: event.target.value as SplitSource })}
      sx={{ minWidth: 220 }}
    >
      {sourceOptions.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Card variant="outlined" component="section" aria-label="Splits">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Splits
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
          {select('agent_split_source', 'Agent split source')}
          {select('manager_split_source', 'Manager split source')}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Sample: a $1,000 budget for a creator whose agent and manager each take 10%.
        </Typography>
        <SplitFlowChart sample={splitSample(sources)} sources={sources} />
      </CardContent>
    </Card>
  );
}
