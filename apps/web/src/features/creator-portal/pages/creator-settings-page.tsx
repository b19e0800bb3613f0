import { useSearchParams } from 'react-router';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { NotificationList, useDismissNotification, useNotifications } from '../../../entities/notifications/index.ts';
import { PasskeysCard, TwoFactorCard } from '../../../entities/users/index.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { PaymentDetailsTab } from '../components/payment-details-tab.tsx';
import { ProfileCard } from '../components/profile-card.tsx';

const allTabs = [
  { value: 'profile', label: 'Profile' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'payment_details', label: 'Payment Details' },
] as const;

function NotificationsCard() {
  const { data = [] } = useNotifications();
  const dismiss = useDismissNotification();
  return (
    <Card variant="outlined" component="section" aria-label="Notifications" sx={{ maxWidth: 720 }}>
      <NotificationList
        notifications={data.filter((item) => !item.dismissed)}
        onDismiss={(id) => dismiss.mutate(id)}
        emptyLabel="No Notifications to show"
        maxHeight="none"
      />
    </Card>
  );
}

/** /creator/settings: Profile (with two-factor sign-in and passkeys), Notifications and (creators) Payment Details; the tab is kept in ?tab=. */
export default function CreatorSettingsPage() {
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return <FullPageSpinner />;
  // Customers are not paid: they have no payment details.
  const tabs = allTabs.filter((tab) => tab.value !== 'payment_details' || user.role === 'creator');
  const tab = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'profile';
  return (
    <Stack spacing={3}>
      <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="Settings tabs">
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'profile' && (
        <>
          <ProfileCard user={user} />
          <TwoFactorCard viewer={user} />
          <PasskeysCard />
        </>
      )}
      {tab === 'notifications' && <NotificationsCard />}
      {tab === 'payment_details' && <PaymentDetailsTab focusedOrgId={params.get('org')} />}
    </Stack>
  );
}
