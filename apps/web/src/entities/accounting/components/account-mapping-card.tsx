import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MAP_KEYS,
  ACCOUNT_MAP_LABELS,
  type AccountMapKey,
  type AccountMapRecord,
  type MappedAccountRecord,
  type QbAccountRecord,
} from '@crewpay/core';
import { useAccountMap, useQuickbooksAccounts, useSaveAccountMap, useSuggestedAccountMap } from '../api/accounting.ts';

type Draft = Record<AccountMapKey, MappedAccountRecord | null> & { unique_income_creator: boolean };

const toDraft = (map: AccountMapRecord): Draft => ({ ...map });

/**
 * Account mapping: one QuickBooks account per kind of line; unique income per creator clears and
 * disables the creator income account. Before anything is saved the form starts from the accounts
 * the API suggests from the chart: mapping comes first, syncing after (issue 35).
 */
export function AccountMappingCard() {
  const accounts = useQuickbooksAccounts(true);
  const map = useAccountMap(true);
  const isUnsaved = map.data !== undefined && ACCOUNT_MAP_KEYS.every((key) => map.data[key] === null);
  const suggested = useSuggestedAccountMap(isUnsaved);
  if (!map.data || !accounts.data || (isUnsaved && suggested.isPending)) return null;
  const isSuggested = isUnsaved && suggested.data !== undefined;
  const initial = isSuggested ? suggested.data : map.data;
  return <MappingForm key={JSON.stringify(initial)} initial={toDraft(initial)} accounts={accounts.data} isSuggested={isSuggested} />;
}

function MappingForm({ initial, accounts, isSuggested }: { initial: Draft; accounts: QbAccountRecord[]; isSuggested: boolean }) {
  const save = useSaveAccountMap();
  const [draft, setDraft] = useState<Draft>(initial);
  const set = (key: AccountMapKey, value: MappedAccountRecord | null) => setDraft((current) => ({ ...current, [key]: value }));
  const submit = () => {
    const body = Object.fromEntries(ACCOUNT_MAP_KEYS.map((key) => [key, draft[key] ? JSON.stringify(draft[key]) : null]));
    save.mutate({ ...body, unique_income_creator: draft.unique_income_creator });
  };
  return (
    <Card variant="outlined" component="section" aria-label="Account mapping">
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Account mapping
        </Typography>
        {isSuggested && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Map your accounts first: nothing is sent to QuickBooks until this mapping is saved. We suggested accounts from your chart of
            accounts; check each one, then save.
          </Alert>
        )}
        <Grid container spacing={2}>
          {ACCOUNT_MAP_KEYS.map((key) => {
            const isDisabled = key === 'income' && draft.unique_income_creator;
            return (
              <Grid key={key} size={{ xs: 12, md: 6 }}>
                <Autocomplete
                  options={accounts}
                  groupBy={(account) => account.Classification}
                  getOptionLabel={(account) => account.Name}
                  isOptionEqualToValue={(option, value) => option.Id === value.Id}
                  value={accounts.find((account) => account.Id === draft[key]?.Id) ?? null}
                  onChange={(_event, account) => set(key, account ? { Id: account.Id, Name: account.Name } : null)}
                  disabled={isDisabled}
                  renderInput={(params) => <TextField {...params} label={ACCOUNT_MAP_LABELS[key]} />}
                />
              </Grid>
            );
          })}
        </Grid>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.unique_income_creator}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    unique_income_creator: event.target.checked,
                    income: event.target.checked ? null : current.income,
                  }))
                }
              />
            }
            label="Unique income account per creator"
          />
          <Button variant="contained" loading={save.isPending} onClick={submit}>
            Save
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
