import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Control, FieldValues } from 'react-hook-form';
import { payeeAbroadSchema, type PayeeAbroadView } from '@crewpay/core';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { AbroadBankFields, emptyCorridorFields } from '../../../entities/payees/index.ts';
import { useSaveCreatorAbroad } from '../api/abroad.ts';

type Props = { creatorId: string; current: PayeeAbroadView | null; onClose: () => void };

/**
 * Staff give a creator's bank abroad: country, currency and the corridor's fields, checked as the
 * server checks them. The numbers on file are never shown back: changing details means all of them.
 */
export function AbroadDialog({ creatorId, current, onClose }: Props) {
  const save = useSaveCreatorAbroad(creatorId);
  const { control, handleSubmit } = useZodForm(payeeAbroadSchema, {
    defaultValues: {
      country: current?.country ?? '',
      method: current?.method ?? 'bank_account',
      fields: { ...emptyCorridorFields(), account_holder_name: current?.fields.account_holder_name ?? '' },
    },
  });
  const onSubmit = handleSubmit(async (body) => {
    await save.mutateAsync(body);
    onClose();
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="abroad-dialog-title">
      <DialogTitle id="abroad-dialog-title">Bank account abroad</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Paid through Nium in the currency of the bank&apos;s country.
          </Typography>
          <AbroadBankFields control={control as unknown as Control<FieldValues>} idPrefix="creator-abroad" />
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitLabel="Save" canSubmit isPending={save.isPending} />
      </form>
    </Dialog>
  );
}
