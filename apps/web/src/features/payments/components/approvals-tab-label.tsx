import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { approvalMessages, canManageWallets, type Role } from '@crewpay/core';
import { useApprovalQueue } from '../../../entities/payments/index.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

/**
 * "Approvals 3": the tab says how many payments wait for an owner's or admin's approval (the
 * queue's total), for those who may decide them; none waiting, the label alone.
 */
export function ApprovalsTabLabel({ label }: { label: string }) {
  const { data: user } = useCurrentUser();
  const mayDecide = user ? canManageWallets(user.role as Role) : false;
  const { data } = useApprovalQueue({ enabled: mayDecide, pageSize: 1 });
  const total = mayDecide ? (data?.total ?? 0) : 0;
  if (total === 0) return label;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <span>{label}</span>
      <Chip size="small" color="warning" label={total.toLocaleString('en-US')} aria-hidden />
      <Box component="span" sx={visuallyHidden}>{`(${approvalMessages.awaiting(total)})`}</Box>
    </Stack>
  );
}
