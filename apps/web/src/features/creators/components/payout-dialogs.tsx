import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import {
  accountNumberSchema,
  paypalEmailSchema,
  routingNumberSchema,
  usPhoneSchema,
  type CreatorRecord,
  type PayoutMethod,
} from '@crewpay/core';
import { FormTextField } from '../../../components/form/form-fields.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useUpdateCreator } from '../api/update-creator.ts';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';

export type PayoutDialogKind = 'bank' | 'paypal' | 'venmo';

const bankForm = z.object({ account_number: accountNumberSchema, routing_number: routingNumberSchema });
const paypalForm = z.object({ paypal_email: paypalEmailSchema });
const venmoForm = z.object({ venmo_phone_number: usPhoneSchema });

type Props = { creator: CreatorRecord; onClose: () => void };

function DialogFrame(props: {
  title: string;
  isValid: boolean;
  isPending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="payout-dialog-title">
      <DialogTitle id="payout-dialog-title">{props.title}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <DialogContent>
          <Stack spacing={2}>{props.children}</Stack>
        </DialogContent>
        <FormDialogActions onCancel={props.onClose} submitLabel="Add" canSubmit={props.isValid} isPending={props.isPending} />
      </form>
    </Dialog>
  );
}

/** Saves the details and, when no payout method is chosen yet, chooses this one. */
function useSavePayout(creator: CreatorRecord, method: PayoutMethod, onClose: () => void) {
  const update = useUpdateCreator(creator.id, { successMessage: 'Payout method saved!' });
  const save = async (changes: Record<string, string>) => {
    await update.mutateAsync({ ...changes, ...(creator.selected_payment_method ? {} : { selected_payment_method: method }) });
    onClose();
  };
  return { save: (changes: Record<string, string>) => void save(changes).catch(() => undefined), isPending: update.isPending };
}

export function BankDialog({ creator, onClose }: Props) {
  const { save, isPending } = useSavePayout(creator, 'stripe', onClose);
  const { control, handleSubmit, formState } = useZodForm(bankForm, {
    mode: 'onChange',
    defaultValues: { account_number: '', routing_number: '' },
  });
  return (
    <DialogFrame
      title="Bank account"
      isValid={formState.isValid}
      isPending={isPending}
      onClose={onClose}
      onSubmit={() => void handleSubmit(save)()}
    >
      <FormTextField control={control} name="account_number" label="Account number" inputMode="numeric" required fullWidth autoFocus />
      <FormTextField control={control} name="routing_number" label="Routing number" inputMode="numeric" required fullWidth />
    </DialogFrame>
  );
}

export function PaypalDialog({ creator, onClose }: Props) {
  const { save, isPending } = useSavePayout(creator, 'paypal', onClose);
  const { control, handleSubmit, formState } = useZodForm(paypalForm, {
    mode: 'onChange',
    defaultValues: { paypal_email: creator.paypal_email ?? '' },
  });
  return (
    <DialogFrame
      title="PayPal"
      isValid={formState.isValid}
      isPending={isPending}
      onClose={onClose}
      onSubmit={() => void handleSubmit(save)()}
    >
      <FormTextField control={control} name="paypal_email" label="PayPal email" type="email" required fullWidth autoFocus />
    </DialogFrame>
  );
}

export function VenmoDialog({ creator, onClose }: Props) {
  const { save, isPending } = useSavePayout(creator, 'venmo', onClose);
  const { control, handleSubmit, formState } = useZodForm(venmoForm, {
    mode: 'onChange',
    defaultValues: { venmo_phone_number: creator.venmo_phone_number ?? '' },
  });
  return (
    <DialogFrame
      title="Venmo"
      isValid={formState.isValid}
      isPending={isPending}
      onClose={onClose}
      onSubmit={() => void handleSubmit(save)()}
    >
      <FormTextField
        control={control}
        name="venmo_phone_number"
        label="Venmo phone"
        placeholder="(555) 555-5555"
        required
        fullWidth
        autoFocus
      />
    </DialogFrame>
  );
}
