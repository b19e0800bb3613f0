import { useEffect, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isSavableDeliverableRow, type DeliverableRecord } from '@crewpay/core';
import { FormDialogActions } from '../../../components/form/form-dialog-actions.tsx';
import { useCreateDeliverable, useUpdateDeliverable } from '../api/deliverables.ts';
import { useCreatorsById } from '../api/people.ts';
import { CreatorPicker, type CreatorOption } from './creator-picker.tsx';

type Props = { campaignId: string; isOpen: boolean; deliverable: DeliverableRecord | null; onClose: () => void };

/** New Deliverable (recipient, post date, description, quantity), or the same fields to edit one. */
export function DeliverableDialog({ campaignId, isOpen, deliverable, onClose }: Props) {
  const create = useCreateDeliverable(campaignId);
  const update = useUpdateDeliverable(campaignId);
  const current = useCreatorsById(deliverable ? [deliverable.creator_id] : []);
  const [creator, setCreator] = useState<CreatorOption | null>(null);
  const [postDate, setPostDate] = useState('');
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('');
  const currentCreator = deliverable ? current.get(deliverable.creator_id) : undefined;

  useEffect(() => {
    if (!isOpen) return;
    setPostDate(deliverable?.post_date ?? '');
    setDescription(deliverable?.description ?? '');
    setQuantity(deliverable ? String(deliverable.quantity) : '');
    setCreator(currentCreator ?? null);
  }, [isOpen, deliverable, currentCreator]);

  const canSave = creator !== null && isSavableDeliverableRow({ quantity, description }) && /^\d+$/.test(quantity) && Number(quantity) >= 1;
  const submit = async () => {
    const body = { creator_id: creator!.id, post_date: postDate || null, description: description.trim(), quantity: Number(quantity) };
    if (deliverable) await update.mutateAsync({ id: deliverable.id, ...body });
    else await create.mutateAsync({ campaign_id: campaignId, ...body });
    onClose();
  };

  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="deliverable-title">
      <DialogTitle id="deliverable-title">{deliverable ? 'Edit Deliverable' : 'New Deliverable'}</DialogTitle>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void submit().catch(() => undefined);
        }}
      >
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <CreatorPicker label="Recipient" value={creator} onChange={setCreator} />
            <TextField
              size="small"
              label="Post date"
              type="date"
              value={postDate}
              onChange={(event) => setPostDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              size="small"
              label="Description"
              required
              multiline
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
            <TextField
              size="small"
              label="Quantity"
              required
              type="number"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions
          onCancel={onClose}
          submitLabel={deliverable ? 'Save' : 'Add deliverable'}
          canSubmit={canSave}
          isPending={create.isPending || update.isPending}
        />
      </form>
    </Dialog>
  );
}
