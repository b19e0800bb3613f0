import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { CampaignSplitRecord, CreatorRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCampaignSplits } from '../../../entities/creators/index.ts';
import { useRemoveCampaignSplit } from '../api/campaign-splits.ts';
import { CampaignSplitDialog } from './campaign-split-dialog.tsx';
import { SectionCard } from './section-card.tsx';

/** The campaign split editor: per campaign, the agent and manager percents its payments use instead of the default. */
export function CampaignSplitsCard({ creator }: { creator: CreatorRecord }) {
  const { data } = useCampaignSplits(creator.id);
  const remove = useRemoveCampaignSplit(creator.id);
  // undefined: no dialog; null: adding; a split: editing it.
  const [editing, setEditing] = useState<CampaignSplitRecord | null | undefined>(undefined);
  const [removing, setRemoving] = useState<CampaignSplitRecord | null>(null);
  const splits = data?.data ?? [];
  const add = (
    <Button size="small" variant="outlined" onClick={() => setEditing(null)}>
      Add campaign split
    </Button>
  );
  return (
    <SectionCard title="Campaign splits" action={add}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Payments of these campaigns pay the agent and the manager these splits instead of the default above.
      </Typography>
      {splits.length === 0 ? (
        <Typography variant="body2">No campaign splits: every campaign uses the default split.</Typography>
      ) : (
        <Table size="small" aria-label="Campaign splits" sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Campaign</TableCell>
              <TableCell align="right">Agent split %</TableCell>
              <TableCell align="right">Manager split %</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {splits.map((split) => (
              <TableRow key={split.id}>
                <TableCell>{split.campaign_title}</TableCell>
                <TableCell align="right">{split.agent_split}</TableCell>
                <TableCell align="right">{split.manager_split}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton size="small" aria-label={`Edit the split of ${split.campaign_title}`} onClick={() => setEditing(split)}>
                    <EditOutlined fontSize="small" />
                  </IconButton>
                  <IconButton size="small" aria-label={`Remove the split of ${split.campaign_title}`} onClick={() => setRemoving(split)}>
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing !== undefined && (
        <CampaignSplitDialog
          creator={creator}
          split={editing}
          takenCampaignIds={splits.map((split) => split.payment_group_id)}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        title="Remove campaign split"
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      >
        {removing && `Payments of ${removing.campaign_title} will use the default split again.`}
      </ConfirmDialog>
    </SectionCard>
  );
}
