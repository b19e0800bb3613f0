import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PaymentGateBody } from '@crewpay/core';
import { useCampaignDeliverableChoices } from '../api/gates.ts';

export const NO_GATE: PaymentGateBody = { requires_contract: false, deliverable_id: null };

/** What a campaign's payment waits for: the creator's contract signed, and/or one of the campaign's deliverables approved. */
export function GateFields({
  campaignId,
  value,
  onChange,
}: {
  campaignId: string;
  value: PaymentGateBody;
  onChange: (next: PaymentGateBody) => void;
}) {
  const { data: deliverables = [] } = useCampaignDeliverableChoices(campaignId);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.requires_contract}
            onChange={(event) => onChange({ ...value, requires_contract: event.target.checked })}
          />
        }
        label="The contract to be signed"
      />
      <TextField
        select
        size="small"
        label="Deliverable to be approved"
        value={value.deliverable_id ?? ''}
        onChange={(event) => onChange({ ...value, deliverable_id: event.target.value || null })}
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="">None</MenuItem>
        {deliverables.map((deliverable) => (
          <MenuItem key={deliverable.id} value={deliverable.id}>
            {deliverable.description}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
