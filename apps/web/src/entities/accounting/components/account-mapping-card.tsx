import { useState } from 'react';
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
import { useAccountMap, useQuickbooksAccounts, useSaveAccountMap } from '../api/accounting.ts';

type Draft = Record<AccountMapKey, MappedAccountRecord | null> & { unique_income_creator: boolean };

const toDraft = (map: AccountMapRecord): Draft => ({ ...map });

/** Account mapping: one QuickBooks account per kind of line; unique income per creator clears and disables the creator income account. */
export function AccountMappingCard() {
  const accounts = useQuickbooksAccounts(true);
  const map = useAccountMap(true);
  if (!map.data || !accounts.data) return null;
  return <MappingForm key={JSON.stringify(map.data)} initial={toDraft(map.data)} accounts={accounts.data} />;
}

function MappingForm({ initial, accounts }: { initial: Draft; accounts: QbAccountRecord[] }) {
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
