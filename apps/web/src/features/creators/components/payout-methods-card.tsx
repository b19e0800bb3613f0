import { useState } from 'react';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canChangePayoutDetails,
  countryName,
  displayUsPhone,
  maskLastFour,
  payoutDetailsMessages,
  payoutMethodLabels,
  type CreatorRecord,
  type PayeeAbroadView,
  type PayoutMethod,
  type Role,
  type UpdateCreatorBody,
} from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { useCreatorAbroad } from '../api/abroad.ts';
import { AbroadDialog } from './abroad-dialog.tsx';
import { BankDialog, PaypalDialog, VenmoDialog, type PayoutDialogKind } from './payout-dialogs.tsx';
import { SectionCard } from './section-card.tsx';

type Row = {
  method: PayoutMethod;
  label: string;
  detail: string | null;
  dialog: PayoutDialogKind | 'abroad';
  removal: Omit<UpdateCreatorBody, 'id'>;
};

/** A bank abroad as the card shows it: Germany · EUR · ••••3000 (the account's or IBAN's last 4). */
function describeAbroad(abroad: PayeeAbroadView): string {
  const last4 = abroad.last4.iban ?? abroad.last4.account_number ?? abroad.last4.clabe ?? abroad.last4.pix_key ?? null;
  return [countryName(abroad.country), abroad.currency, last4 ? maskLastFour(last4) : null].filter(Boolean).join(' · ');
}

function rowsOf(creator: CreatorRecord, abroad: PayeeAbroadView | null): Row[] {
  const bank = creator.account_number ? maskLastFour(creator.account_number_last4) : null;
  const removeBank = { account_number: null, routing_number: null };
  return [
    { method: 'stripe', label: payoutMethodLabels.stripe, detail: bank, dialog: 'bank', removal: removeBank },
    { method: 'paypal', label: payoutMethodLabels.paypal, detail: creator.paypal_email, dialog: 'paypal', removal: { paypal_email: null } },
    {
      method: 'venmo',
      label: payoutMethodLabels.venmo,
      detail: creator.venmo_phone_number ? displayUsPhone(creator.venmo_phone_number) : null,
      dialog: 'venmo',
      removal: { venmo_phone_number: null },
    },
    // Nium pays a bank abroad in its own currency (the corridor's details, PUT /v1/creators/:id/abroad).
    { method: 'nium', label: payoutMethodLabels.nium, detail: abroad ? describeAbroad(abroad) : null, dialog: 'abroad', removal: {} },
  ];
}

/**
 * Exactly one selected among stripe, paypal, venmo and nium; each needs its details first.
 * Where the creator's money goes is for owners and admins: a team member sees it read-only.
 */
export function PayoutMethodsCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Payout method updated!' });
  const [dialog, setDialog] = useState<PayoutDialogKind | 'abroad' | null>(null);
  const { data: user } = useCurrentUser();
  const canChange = user ? canChangePayoutDetails(user.role as Role) : false;
  const { data: abroad = null } = useCreatorAbroad(creator.id);
  const close = () => setDialog(null);

  return (
    <SectionCard
      title="Payout methods"
      action={
        canChange &&
        creator.selected_payment_method && (
          <Button size="small" color="inherit" onClick={() => update.mutate({ selected_payment_method: null })}>
            Clear selection
          </Button>
        )
      }
    >
      <List dense disablePadding aria-label="Payout methods">
        {rowsOf(creator, abroad).map((row) => (
          <ListItem
            key={row.method}
            disableGutters
            secondaryAction={
              !canChange ? null : row.method === 'nium' ? (
                <Button size="small" onClick={() => setDialog('abroad')} aria-label={row.detail ? 'Change bank abroad' : 'Add bank abroad'}>
                  {row.detail ? 'Change' : 'Add'}
                </Button>
              ) : row.detail ? (
                <Button size="small" color="inherit" onClick={() => update.mutate(row.removal)}>
                  Remove
                </Button>
              ) : (
                !row.detail && (
                  <Button size="small" onClick={() => setDialog(row.dialog)}>
                    Add
                  </Button>
                )
              )
            }
          >
            <Stack direction="row" sx={{ alignItems: 'center', width: '100%', pr: 9 }}>
              <Radio
                checked={creator.selected_payment_method === row.method}
                disabled={!canChange || !row.detail || update.isPending}
                onChange={() => update.mutate({ selected_payment_method: row.method })}
                slotProps={{ input: { 'aria-label': `Pay with ${row.label}` } }}
              />
              <ListItemText primary={row.label} secondary={row.detail ?? 'Not set up'} />
            </Stack>
          </ListItem>
        ))}
      </List>
      {user && !canChange && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {payoutDetailsMessages.onlyOwnersAndAdmins}.
        </Typography>
      )}
      {dialog === 'bank' && <BankDialog creator={creator} onClose={close} />}
      {dialog === 'paypal' && <PaypalDialog creator={creator} onClose={close} />}
      {dialog === 'venmo' && <VenmoDialog creator={creator} onClose={close} />}
      {dialog === 'abroad' && <AbroadDialog creatorId={creator.id} current={abroad} onClose={close} />}
    </SectionCard>
  );
}
