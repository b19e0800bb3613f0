import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { canActAs, type Role } from '@crewpay/core';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { useActAs } from '../../../lib/session/acting.ts';

type Props = { userId: string; role: Role; name: string; variant?: 'icon' | 'button' };

/**
 * 'Act as {name}': an owner or admin sees the product as a member (same or lower role) or a
 * creator of their organisation sees it. Hidden from everyone else; the server has the last word.
 */
export function ActAsButton({ userId, role, name, variant = 'icon' }: Props) {
  const { data: viewer } = useCurrentUser();
  const actAs = useActAs();
  if (!viewer || viewer.is_external || viewer.acting_by || viewer.id === userId || !canActAs(viewer.role, role)) return null;
  const label = `Act as ${name}`;
  if (variant === 'button')
    return (
      <Button variant="outlined" startIcon={<SupervisorAccountOutlined />} loading={actAs.isPending} onClick={() => actAs.mutate(userId)}>
        {label}
      </Button>
    );
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} disabled={actAs.isPending} onClick={() => actAs.mutate(userId)}>
        <SupervisorAccountOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
