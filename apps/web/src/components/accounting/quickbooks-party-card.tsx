import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { QbPartyRecord } from '@crewpay/core';
import { DetailRow, EditableCard } from '../editable-card.tsx';
import { useAccountingConnections, useQuickbooksParties, type QuickbooksPartyKind } from '../../lib/accounting-api.ts';

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
};

/**
 * Which QuickBooks customer (or vendor) this Crewpay customer (or creator) is: picked from the
 * company's list, so the journal entries name them. Without a connection the pick is not offered.
 */
export function QuickbooksPartyCard({ title, kind, label, value, isSaving, onSave, onlyIfConnected = false }: Props) {
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
      <Card variant="outlined" component="section" aria-label={title}>
        <CardContent>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 2 }}>
            {title}
          </Typography>
          {view}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            <Link component={RouterLink} to="/settings?tab=quickbooks">
              Connect QuickBooks
            </Link>{' '}
            to pick a {label.toLowerCase()}.
          </Typography>
        </CardContent>
      </Card>
    );

  const options = parties.data ?? [];
  return (
    <EditableCard
      title={title}
      isEditing={isEditing}
      onEdit={() => {
        setDraft(value);
        setEditing(true);
      }}
      onCancel={() => setEditing(false)}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(draft ? { Id: draft.Id, DisplayName: draft.DisplayName } : null)
          .then(() => setEditing(false))
          .catch(() => undefined);
      }}
      canSave={draft?.Id !== value?.Id}
      isSaving={isSaving}
      view={view}
      fields={
        <Autocomplete
          options={options}
          loading={parties.isLoading}
          getOptionLabel={(party) => party.DisplayName}
          isOptionEqualToValue={(option, chosen) => option.Id === chosen.Id}
          value={options.find((party) => party.Id === draft?.Id) ?? null}
          onChange={(_event, party) => setDraft(party)}
          renderInput={(params) => <TextField {...params} label={`QuickBooks ${label.toLowerCase()}`} placeholder={empty} size="small" />}
        />
      }
    />
  );
}
