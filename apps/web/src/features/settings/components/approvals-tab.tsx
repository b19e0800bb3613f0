import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { centsToDollarString, parseDollarsToCents, type ApprovalRules } from '@crewpay/core';
import { useApprovalRules, useSaveApprovalRules } from '../../../entities/payments/index.ts';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';

type Draft = { every_payment: boolean; above: string; new_payee: boolean; days: string; second: string };

const draftOf = (rules: ApprovalRules): Draft => ({
  every_payment: rules.every_payment,
  above: rules.above_amount == null ? '' : centsToDollarString(rules.above_amount),
  new_payee: rules.new_payee,
  days: String(rules.new_payee_days),
  second: rules.second_approver_above == null ? '' : centsToDollarString(rules.second_approver_above),
});

// An empty amount turns its rule off; anything else is sent as typed so the server's message explains it.
const centsOrNull = (text: string) => (text.trim() === '' ? null : (parseDollarsToCents(text) ?? Number.NaN));

function RulesForm({ rules }: { rules: ApprovalRules }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const save = useSaveApprovalRules();
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = () =>
    save.mutate({
      every_payment: draft.every_payment,
      above_amount: centsOrNull(draft.above),
      new_payee: draft.new_payee,
      new_payee_days: Number(draft.days),
      second_approver_above: centsOrNull(draft.second),
    });
  return (
    <Stack spacing={2} sx={{ maxWidth: 520 }}>
      <FormControlLabel
        control={<Checkbox checked={draft.every_payment} onChange={(event) => set({ every_payment: event.target.checked })} />}
        label="Every payment needs approval"
      />
      <TextField label="Payments above ($) need approval" value={draft.above} onChange={(event) => set({ above: event.target.value })} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={<Checkbox checked={draft.new_payee} onChange={(event) => set({ new_payee: event.target.checked })} />}
          label="Payments to a new payee need approval"
        />
        <TextField
          label="Payout details changed in the last (days)"
          value={draft.days}
          onChange={(event) => set({ days: event.target.value })}
        />
      </Stack>
      <TextField
        label="Two approvers above ($)"
        value={draft.second}
        onChange={(event) => set({ second: event.target.value })}
        helperText="Leave an amount empty to turn its rule off"
      />
      <Button variant="contained" onClick={submit} disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
        Save approval rules
      </Button>
    </Stack>
  );
}

/** Settings > Approvals (owners): which executed payments wait for another owner's or admin's approval. */
export function ApprovalsTab() {
  const { data } = useApprovalRules();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          Approvals
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Executed payments these rules name wait in Payments › Approvals, their money held, until an owner or admin other than the one who
          created or executed them approves.
        </Typography>
        {data ? <RulesForm rules={data} /> : <FullPageSpinner />}
      </CardContent>
    </Card>
  );
}
