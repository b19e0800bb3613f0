import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import { formatRelative } from '../../../lib/format.ts';
import type { Notification } from '../api/notifications.ts';

type Props = {
  notifications: Notification[];
  onDismiss: (id: string) => void;
  onOpenLink?: () => void;
  /** What an empty list says: the bell and the Notifications tab word it differently. */
  emptyLabel?: string;
  /** The popover keeps its own height; the Settings tab grows with the page. */
  maxHeight?: number | 'none';
};

/** Notifications with their link and a dismiss button (the header's bell and Settings > Notifications). */
export function NotificationList({
  notifications,
  onDismiss,
  onOpenLink,
  emptyLabel = 'You have no notifications',
  maxHeight = 420,
}: Props) {
  const navigate = useNavigate();

  if (notifications.length === 0) {
    return (
      <Box sx={{ py: 5, px: 3, textAlign: 'center', color: 'text.secondary' }}>
        <NotificationsNoneRounded sx={{ fontSize: 36, mb: 1, opacity: 0.6 }} />
        <Typography variant="body2">{emptyLabel}</Typography>
      </Box>
    );
  }

  const open = (link: string) => {
    onOpenLink?.();
    if (link.startsWith('/')) void navigate(link);
    else window.open(link, '_blank', 'noopener');
  };

  return (
    <List disablePadding sx={{ maxHeight, overflowY: 'auto' }}>
      {notifications.map((notification) => (
        <ListItem
          key={notification.id}
          divider
          disablePadding
          secondaryAction={
            <IconButton edge="end" size="small" aria-label="Dismiss notification" onClick={() => onDismiss(notification.id)}>
              <CloseRounded fontSize="small" />
            </IconButton>
          }
        >
          <ListItemButton
            disabled={!notification.link}
            onClick={() => notification.link && open(notification.link)}
            sx={{ '&.Mui-disabled': { opacity: 1 } }}
          >
            <ListItemText
              primary={notification.text}
              secondary={formatRelative(notification.created_at)}
              slotProps={{ primary: { variant: 'body2' }, secondary: { variant: 'caption' } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
