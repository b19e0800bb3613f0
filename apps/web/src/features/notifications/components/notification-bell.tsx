import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import {
  NotificationList,
  useDismissNotification,
  useMarkAllNotificationsRead,
  useNotifications,
} from '../../../entities/notifications/index.ts';

/** The header's bell: unread count on the badge, the list in a popover. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data = [] } = useNotifications();
  const dismiss = useDismissNotification();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = data.filter((notification) => !notification.dismissed);

  return (
    <>
      <Tooltip title="Notifications" describeChild>
        <IconButton onClick={(event) => setAnchor(event.currentTarget)}>
          {/* The name is the button's own (hidden) text, not an aria-label the badge's digits would contradict. */}
          <Box component="span" sx={visuallyHidden}>{`Notifications (${unread.length} unread)`}</Box>
          <Badge badgeContent={unread.length} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        // A modal popover holding the focus: a dialog named for its heading.
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Notifications', sx: { width: 360, maxWidth: 'calc(100vw - 32px)', mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1, display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 48 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          {unread.length > 0 && (
            <Button size="small" onClick={() => markAllRead.mutate()} disabled={markAllRead.isPending}>
              Mark all read
            </Button>
          )}
        </Box>
        <Divider />
        <NotificationList notifications={unread} onDismiss={(id) => dismiss.mutate(id)} onOpenLink={() => setAnchor(null)} />
      </Popover>
    </>
  );
}
