export { useDismissNotification, useNotifications } from './api/notifications.ts';
export { NotificationList } from './components/notification-list.tsx';
