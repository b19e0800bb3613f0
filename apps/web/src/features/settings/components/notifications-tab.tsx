import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { NotificationList, useDismissNotification, useNotifications } from '../../../entities/notifications/index.ts';
import { EmailPreferencesCard } from './email-preferences-card.tsx';

/** Settings > Notifications: the same list as the bell, with dismiss, or 'No Notifications to show'; then the member's email choice. */
export function NotificationsTab() {
  const { data = [] } = useNotifications();
  const dismiss = useDismissNotification();
  const unread = data.filter((notification) => !notification.dismissed);
  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="section" aria-label="Notifications" sx={{ maxWidth: 720 }}>
        <NotificationList
          notifications={unread}
          onDismiss={(id) => dismiss.mutate(id)}
          emptyLabel="No Notifications to show"
          maxHeight="none"
        />
      </Card>
      <EmailPreferencesCard />
    </Stack>
  );
}
