export { useDismissNotification, useMarkAllNotificationsRead, useNotifications } from './api/notifications.ts';
export { NotificationList } from './components/notification-list.tsx';
