import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { ActAsButton } from '../../../entities/users/index.ts';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { emailSchema, roleLabels, type MemberRecord, type StaffRole, type UserRecord } from '@crewpay/core';
import { displayName } from '../../../lib/format.ts';
import { canEdit, canRemove, canSetRole } from './member-rules.ts';

export type MemberDraft = { id: string; email: string; role: string; is_agent: boolean; is_manager: boolean };

type Options = {
  viewer: UserRecord;
  draft: MemberDraft | null;
  onDraftChange: (draft: MemberDraft | null) => void;
  onConfirm: (draft: MemberDraft) => void;
  onDelete: (member: MemberRecord) => void;
};

const roleLabel = (role: string) => roleLabels[role as StaffRole] ?? role;
const draftEmailError = (draft: MemberDraft) =>
  emailSchema.safeParse(draft.email).success ? null : 'This field is required and must be an email';

/** Columns of the members card; the row being edited shows inputs, confirm and cancel. */
export function memberColumns({ viewer, draft, onDraftChange, onConfirm, onDelete }: Options): GridColDef<MemberRecord>[] {
  const editing = (row: MemberRecord) => (draft?.id === row.id ? draft : null);
  return [
    {
      field: 'email',
      headerName: 'Email',
      flex: 1.4,
      minWidth: 220,
      renderCell: ({ row }) => {
        const current = editing(row);
        // Your own email changes in Settings > Profile, with your password (the server refuses it here).
        if (!current || row.id === viewer.id) return row.email;
        const error = draftEmailError(current);
        return (
          <TextField
            size="small"
            value={current.email}
            onChange={(event) => onDraftChange({ ...current, email: event.target.value })}
            error={error !== null}
            slotProps={{ htmlInput: { 'aria-label': 'Email' } }}
            fullWidth
          />
        );
      },
    },
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 140,
      valueGetter: (_value, row) => (row.display_name || row.first_name || row.last_name ? displayName(row) : ''),
    },
    {
      field: 'role',
      headerName: 'Role',
      width: 160,
      renderCell: ({ row }) => {
        const current = editing(row);
        if (!current || !canSetRole(viewer, row)) return roleLabel(row.role);
        return (
          <TextField
            select
            size="small"
            value={current.role}
            onChange={(event) => onDraftChange({ ...current, role: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': 'Role' } }}
            fullWidth
          >
            {viewer.role === 'owner' && <MenuItem value="admin">{roleLabels.admin}</MenuItem>}
            <MenuItem value="collaborator">{roleLabels.collaborator}</MenuItem>
          </TextField>
        );
      },
    },
    ...(['is_agent', 'is_manager'] as const).map((flag): GridColDef<MemberRecord> => ({
      field: flag,
      headerName: flag === 'is_agent' ? 'Agent' : 'Manager',
      width: 100,
      renderCell: ({ row }) => {
        const current = editing(row);
        return (
          <Checkbox
            checked={current ? current[flag] : row[flag]}
            disabled={!current}
            onChange={(event) => current && onDraftChange({ ...current, [flag]: event.target.checked })}
            slotProps={{ input: { 'aria-label': `${flag === 'is_agent' ? 'Agent' : 'Manager'} ${row.email}` } }}
          />
        );
      },
    })),
    {
      field: 'actions',
      headerName: '',
      // A name for screen readers; the column shows no title.
      renderHeader: () => (
        <Box component="span" sx={visuallyHidden}>
          Actions
        </Box>
      ),
      width: 150,
      sortable: false,
      renderCell: ({ row }) => {
        const current = editing(row);
        if (current) {
          return (
            <Stack direction="row">
              <Tooltip title="Confirm">
                <span>
                  <IconButton aria-label="Confirm" onClick={() => onConfirm(current)} disabled={draftEmailError(current) !== null}>
                    <CheckOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Cancel">
                <IconButton aria-label="Cancel" onClick={() => onDraftChange(null)}>
                  <CloseOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        }
        return (
          <Stack direction="row">
            <span>
              <IconButton
                aria-label={`Edit ${row.email}`}
                disabled={!canEdit(viewer, row) || draft !== null}
                onClick={() =>
                  onDraftChange({ id: row.id, email: row.email, role: row.role, is_agent: row.is_agent, is_manager: row.is_manager })
                }
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            </span>
            <span>
              <IconButton aria-label={`Delete ${row.email}`} disabled={!canRemove(viewer, row)} onClick={() => onDelete(row)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
            <ActAsButton userId={row.id} role={row.role as StaffRole} name={displayName(row)} />
          </Stack>
        );
      },
    },
  ];
}
