import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { DeliverableRecord } from '@crewpay/core';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useDeleteDeliverable, useDeliverables } from '../api/deliverables.ts';
import { DeliverableDialog } from './deliverable-dialog.tsx';
import { DeliverableApprovalCell } from './deliverable-approval-cell.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';

/** The campaign's deliverables: a table, New Deliverable, edit and delete. */
export function DeliverablesTab({ campaignId }: { campaignId: string }) {
  const { data, isLoading } = useDeliverables(campaignId);
  const remove = useDeleteDeliverable(campaignId);
  const [editing, setEditing] = useState<DeliverableRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeliverableRecord | null>(null);
  const { data: viewer } = useCurrentUser();
  const canDecide = viewer?.role === 'owner' || viewer?.role === 'admin';

  const columns: GridColDef<DeliverableRecord>[] = [
    { field: 'creator_name', headerName: 'Recipient', flex: 1, minWidth: 160 },
    { field: 'description', headerName: 'Description', flex: 2, minWidth: 220 },
    { field: 'quantity', headerName: 'Quantity', width: 110, type: 'number', align: 'left', headerAlign: 'left' },
    {
      field: 'post_date',
      headerName: 'Post date',
      width: 130,
      valueFormatter: (value: string | null) => (value ? formatDate(`${value}T00:00:00`) : '-'),
    },
    {
      field: 'approval_status',
      headerName: 'Approval',
      flex: 3,
      minWidth: 380,
      renderCell: ({ row }) => <DeliverableApprovalCell row={row} canDecide={canDecide} />,
    },
    {
      field: 'actions',
      headerName: '',
      // A name for screen readers; the column shows no title.
      renderHeader: () => (
        <Box component="span" sx={visuallyHidden}>
          Actions
        </Box>
      ),
      width: 110,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ height: '100%', alignItems: 'center' }}>
          <IconButton size="small" aria-label={`Edit ${row.description}`} onClick={() => setEditing(row)}>
            <EditOutlined fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`Delete ${row.description}`} onClick={() => setDeleting(row)}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" onClick={() => setEditing('new')}>
          New Deliverable
        </Button>
      </Stack>
      <DataTable
        ariaLabel="Deliverables"
        rows={data?.data ?? []}
        columns={columns}
        isLoading={isLoading}
        emptyLabel="No deliverables yet"
      />
      <DeliverableDialog
        campaignId={campaignId}
        isOpen={editing !== null}
        deliverable={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete deliverable"
        confirmLabel="Delete"
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        <Typography>Are you sure you want to delete this deliverable?</Typography>
      </ConfirmDialog>
    </Stack>
  );
}
