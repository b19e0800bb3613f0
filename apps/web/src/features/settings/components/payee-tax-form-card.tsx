import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { OrgRecord, UserRecord } from '@crewpay/core';
import { useUpdateOrg } from '../api/update-org.ts';

/** Payee tax forms: whether a payee must sign a W-9 (or W-8) before giving payout details. Off by default. */
export function PayeeTaxFormCard({ org, viewer }: { org: OrgRecord; viewer: UserRecord }) {
  const update = useUpdateOrg();
  const canEdit = viewer.role === 'owner' || viewer.role === 'admin';
  const isOn = org.require_tax_form_for_payouts;
  return (
    <Card variant="outlined" component="section" aria-label="Payee tax forms">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Payee tax forms
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {isOn
            ? 'On: a payee signs their tax form (W-9 or W-8) on their payout link before they can give their payout details.'
            : 'Off: payees are offered their tax form (W-9 or W-8) on their payout link, but can give their payout details without it.'}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={isOn}
              disabled={!canEdit || update.isPending}
              onChange={(event) => update.mutate({ require_tax_form_for_payouts: event.target.checked })}
            />
          }
          label="Require a tax form before payout details"
        />
      </CardContent>
    </Card>
  );
}
