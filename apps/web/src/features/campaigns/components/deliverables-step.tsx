import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useMutation } from '@tanstack/react-query';
import { isSavableDeliverableRow } from '@crewpay/core';
import { queryClient } from '../../../lib/query-client.ts';
import { campaignKeys } from '../api/campaigns.ts';
import { createDeliverable, useDeliverables } from '../api/deliverables.ts';
import { useCreatorsById } from '../api/people.ts';
import { CreatorPicker, type CreatorOption } from './creator-picker.tsx';

type Row = { key: number; creator: CreatorOption | null; quantity: string; description: string; post_date: string };
let nextKey = 1;
const newRow = (creator: CreatorOption | null = null): Row => ({ key: nextKey++, creator, quantity: '', description: '', post_date: '' });

type Props = { campaignId: string; creatorIds: string[]; onSaved: () => void };

/** Deliverables: a row per creator; spec section 5 saves only the rows with a quantity and a description. */
export function DeliverablesStep({ campaignId, creatorIds, onSaved }: Props) {
  const preselected = useCreatorsById(creatorIds);
  // Coming back to this step adds to the deliverables already saved rather than repeating them.
  const { data: existing } = useDeliverables(campaignId);
  const [rows, setRows] = useState<Row[]>([]);
  const [hasPreset, setPreset] = useState(false);
  useEffect(() => {
    if (hasPreset || !existing || preselected.size < creatorIds.length) return;
    const done = new Set(existing.data.map((deliverable) => deliverable.creator_id));
    const open = creatorIds.filter((id) => !done.has(id) && preselected.get(id));
    setRows(open.length ? open.map((id) => newRow(preselected.get(id))) : [newRow()]);
    setPreset(true);
  }, [hasPreset, existing, preselected, creatorIds]);

  const savable = rows.filter((row) => row.creator !== null && isSavableDeliverableRow(row));
  const save = useMutation({
    mutationFn: async () => {
      // One by one, so a refusal names the row it stopped at and nothing after it is half saved.
      for (const row of savable) {
        await createDeliverable({
          campaign_id: campaignId,
          creator_id: row.creator!.id,
          quantity: Number(row.quantity),
          description: row.description.trim(),
          post_date: row.post_date || null,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.deliverables(campaignId) }),
    onSuccess: onSaved,
    meta: { errorMessage: 'There was an issue creating your deliverables' },
  });
  const change = (next: Row) => setRows((current) => current.map((item) => (item.key === next.key ? next : item)));

  return (
    <Stack spacing={2}>
      {existing && existing.data.length > 0 && (
        <Alert severity="info">{`This campaign already has ${existing.data.length} ${existing.data.length === 1 ? 'deliverable' : 'deliverables'}, listed on its Deliverables tab. Rows here add new ones.`}</Alert>
      )}
      <Box>
        {rows.map((row) => (
          <Stack
            key={row.key}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1.5}
            sx={{ py: 1.5, alignItems: { md: 'center' }, borderBottom: 1, borderColor: 'divider' }}
            data-testid="deliverable-row"
          >
            <CreatorPicker value={row.creator} onChange={(creator) => change({ ...row, creator })} />
            <TextField
              size="small"
              label="Quantity"
              type="number"
              value={row.quantity}
              onChange={(event) => change({ ...row, quantity: event.target.value })}
              slotProps={{ htmlInput: { min: 1, step: 1 } }}
              sx={{ width: { md: 110 } }}
            />
            <TextField
              size="small"
              label="Description"
              value={row.description}
              onChange={(event) => change({ ...row, description: event.target.value })}
              sx={{ flex: 1.5 }}
            />
            <TextField
              size="small"
              label="Post date"
              type="date"
              value={row.post_date}
              onChange={(event) => change({ ...row, post_date: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { md: 170 } }}
            />
            <IconButton
              aria-label="Remove row"
              size="small"
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Button sx={{ my: 1.5 }} onClick={() => setRows((current) => [...current, newRow()])}>
          Add deliverable
        </Button>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" loading={save.isPending} onClick={() => save.mutate()}>
          Save and continue
        </Button>
      </Stack>
    </Stack>
  );
}
