import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memberMessages, type MemberRecord, type OrgRecord, type UpdateUserBody, type UserRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { NoticeDialog, upgradeNotice, type Notice } from '../../../components/notice-dialog.tsx';
import { useDeleteMember, useMembers, useUpdateMember } from '../api/members.ts';
import { InviteMemberDialog } from './invite-member-dialog.tsx';
import { memberColumns, type MemberDraft } from './member-columns.tsx';

/** Changed fields of the draft only; the role only when it changed. */
function changesOf(member: MemberRecord, draft: MemberDraft): UpdateUserBody {
  const changes: UpdateUserBody = {};
  if (draft.email.trim().toLowerCase() !== member.email) changes.email = draft.email;
  if (draft.role !== member.role && (draft.role === 'admin' || draft.role === 'collaborator')) changes.role = draft.role;
  if (draft.is_agent !== member.is_agent) changes.is_agent = draft.is_agent;
  if (draft.is_manager !== member.is_manager) changes.is_manager = draft.is_manager;
  return changes;
}

/** Settings > Organization > Organization members: list, invite, inline edit, delete. */
export function MembersCard({ viewer, org }: { viewer: UserRecord; org: OrgRecord }) {
  const { data: members = [], isLoading } = useMembers();
  const update = useUpdateMember();
  const remove = useDeleteMember();
  const [draft, setDraft] = useState<MemberDraft | null>(null);
  const [toDelete, setToDelete] = useState<MemberRecord | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const isCollaborator = viewer.role === 'collaborator';

  const confirm = (current: MemberDraft) => {
    const member = members.find((item) => item.id === current.id);
    const changes = member ? changesOf(member, current) : {};
    if (Object.keys(changes).length === 0) return setDraft(null);
    update.mutate({ id: current.id, changes }, { onSuccess: () => setDraft(null) });
  };
  const invite = () => (org.billing_plan === 'free' ? setNotice(upgradeNotice(memberMessages.freePlanInvite)) : setIsInviting(true));

  return (
    <Card variant="outlined" component="section" aria-label="Organization members">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Organization members
          </Typography>
          <Button
            variant="contained"
            onClick={invite}
            disabled={isCollaborator}
            title={isCollaborator ? memberMessages.collaboratorInvite : undefined}
          >
            Invite others
          </Button>
        </Stack>
        <DataTable
          ariaLabel="Organization members"
          rows={members}
          columns={memberColumns({ viewer, draft, onDraftChange: setDraft, onConfirm: confirm, onDelete: setToDelete })}
          isLoading={isLoading}
        />
      </CardContent>
      {isInviting && <InviteMemberDialog canInviteAdmins={viewer.role === 'owner'} onClose={() => setIsInviting(false)} />}
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Remove member"
        confirmLabel="Remove"
        isPending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
      >
        {toDelete?.email} will no longer be able to sign in to your organization.
      </ConfirmDialog>
    </Card>
  );
}
