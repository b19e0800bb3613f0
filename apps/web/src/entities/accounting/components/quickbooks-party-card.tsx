import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QbPartyRecord } from '@crewpay/core';
import { DetailRow } from '../../../components/editable-card.tsx';
import { useAccountingConnections, useQuickbooksParties, type QuickbooksPartyKind } from '../api/accounting.ts';

type Props = {
  title: string;
  kind: QuickbooksPartyKind;
  /** The row label and the empty text: 'Customer' / 'No customer', 'Vendor' / 'No vendor'. */
  label: string;
  value: QbPartyRecord | null;
  isSaving: boolean;
  onSave: (party: QbPartyRecord | null) => Promise<unknown>;
  /** Hide the card entirely while QuickBooks is not connected (the creator profile's link). */
  onlyIfConnected?: boolean;
  /** The creator profile's smaller card heading (its other cards' look); the customer page's otherwise. */
  isCompact?: boolean;
};

function Shell({ title, isCompact, action, children }: { title: string; isCompact: boolean; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={isCompact ? { height: '100%' } : undefined}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: isCompact ? 1.5 : 2, minHeight: 32 }}>
          <Typography variant={isCompact ? 'subtitle1' : 'h6'} component={isCompact ? 'h2' : 'h3'} sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Which QuickBooks customer (or vendor) this Crewpay customer (or creator) is: picked from the
 * company's list, so the journal entries name them. Without a connection the pick is not offered.
 */
export function QuickbooksPartyCard({ title, kind, label, value, isSaving, onSave, onlyIfConnected = false, isCompact = false }: Props) {
  const connections = useAccountingConnections();
  const isConnected = (connections.data?.length ?? 0) > 0;
  const parties = useQuickbooksParties(kind, isConnected);
  const [isEditing, setEditing] = useState(false);
  const [draft, setDraft] = useState<QbPartyRecord | null>(value);
  const empty = `No ${label.toLowerCase()}`;
  if (!connections.data || (onlyIfConnected && !isConnected)) return null;

  const view = <DetailRow label={label} value={value ? value.DisplayName : empty} />;
  if (!isConnected)
    return (
      <Shell title={title} isCompact={isCompact}>
        {view}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Link component={RouterLink} to="/settings?tab=quickbooks">
            Connect QuickBooks
          </Link>{' '}
          to pick a {label.toLowerCase()}.
        </Typography>
      </Shell>
    );

  const save = () =>
    void onSave(draft ? { Id: draft.Id, DisplayName: draft.DisplayName } : null)
      .then(() => setEditing(false))
      .catch(() => undefined);
  const options = parties.data ?? [];
  const action = isEditing ? (
    <Stack direction="row" spacing={1}>
      <Button color="inherit" size="small" onClick={() => setEditing(false)} disabled={isSaving}>
        Cancel
      </Button>
      <Button variant="contained" size="small" disabled={draft?.Id === value?.Id} loading={isSaving} onClick={save}>
        Save
      </Button>
    </Stack>
  ) : (
    <Button
      size="small"
      aria-label={`Edit ${title.toLowerCase()}`}
      onClick={() => {
        setDraft(value);
        setEditing(true);
      }}
    >
      Edit
    </Button>
  );
  return (
    <Shell title={title} isCompact={isCompact} action={action}>
      {isEditing ? (
        <Autocomplete
          options={options}
          loading={parties.isLoading}
          getOptionLabel={(party) => party.DisplayName}
          isOptionEqualToValue={(option, chosen) => option.Id === chosen.Id}
          value={options.find((party) => party.Id === draft?.Id) ?? null}
          onChange={(_event, party) => setDraft(party)}
          renderInput={(params) => <TextField {...params} label={`QuickBooks ${label.toLowerCase()}`} placeholder={empty} size="small" />}
        />
      ) : (
        view
      )}
    </Shell>
  );
}
