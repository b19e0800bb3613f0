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
  displayUsPhone,
  maskLastFour,
  payoutDetailsMessages,
  payoutMethodLabels,
  type CreatorRecord,
  type PayoutMethod,
  type Role,
  type UpdateCreatorBody,
} from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { BankDialog, PaypalDialog, VenmoDialog, type PayoutDialogKind } from './payout-dialogs.tsx';
import { SectionCard } from './section-card.tsx';

type Row = { method: PayoutMethod; label: string; detail: string | null; dialog: PayoutDialogKind; removal: Omit<UpdateCreatorBody, 'id'> };

function rowsOf(creator: CreatorRecord): Row[] {
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
    { method: 'nium', label: payoutMethodLabels.nium, detail: bank, dialog: 'bank', removal: removeBank },
  ];
}

/**
 * Exactly one selected among stripe, paypal, venmo and nium; each needs its details first.
 * Where the creator's money goes is for owners and admins: a team member sees it read-only.
 */
export function PayoutMethodsCard({ creator }: { creator: CreatorRecord }) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Payout method updated!' });
  const [dialog, setDialog] = useState<PayoutDialogKind | null>(null);
  const { data: user } = useCurrentUser();
  const canChange = user ? canChangePayoutDetails(user.role as Role) : false;
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
        {rowsOf(creator).map((row) => (
          <ListItem
            key={row.method}
            disableGutters
            secondaryAction={
              !canChange ? null : row.detail && row.method !== 'nium' ? (
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
    </SectionCard>
  );
}
