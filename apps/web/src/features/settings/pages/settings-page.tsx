import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { UserRecord } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { BillingTab } from '../components/billing-tab.tsx';
import { MembersCard } from '../components/members-card.tsx';
import { MyOrganizationCard } from '../components/my-organization-card.tsx';
import { LogoCard } from '../components/logo-card.tsx';
import { SplitsCard } from '../components/splits-card.tsx';
import { InvoiceNumbersCard } from '../components/invoice-numbers-card.tsx';
import { PayeeTaxFormCard } from '../components/payee-tax-form-card.tsx';
import { ReminderScheduleCard } from '../components/reminder-schedule-card.tsx';
import { ApiTab } from '../components/api-tab.tsx';
import { AuditLogTab } from '../components/audit-log-tab.tsx';
import { ApprovalsTab } from '../components/approvals-tab.tsx';
import { NotificationsTab } from '../components/notifications-tab.tsx';
import { ProfileTab } from '../components/profile-tab.tsx';
import { QuickbooksTab } from '../../../entities/accounting/index.ts';

type SettingsTab = { value: string; label: string; isVisible: (viewer: UserRecord) => boolean };

const everyone = () => true;

/**
 * The tabs in the spec's order (Organization, Billing, Profile, API, Notifications, Quickbooks),
 * then the audit log (not in the spec: who did what, for owners and admins).
 */
const tabs: SettingsTab[] = [
  { value: 'organization', label: 'Organization', isVisible: everyone },
  { value: 'billing', label: 'Billing', isVisible: (viewer) => viewer.role === 'owner' || viewer.role === 'admin' },
  { value: 'profile', label: 'Profile', isVisible: everyone },
  { value: 'api', label: 'API', isVisible: (viewer) => viewer.role === 'owner' || viewer.role === 'admin' },
  { value: 'notifications', label: 'Notifications', isVisible: everyone },
  { value: 'quickbooks', label: 'Quickbooks', isVisible: (viewer) => viewer.role === 'owner' || viewer.role === 'admin' },
  { value: 'approvals', label: 'Approvals', isVisible: (viewer) => viewer.role === 'owner' },
  { value: 'audit', label: 'Audit log', isVisible: (viewer) => viewer.role === 'owner' || viewer.role === 'admin' },
];

/** /settings with its tab in ?tab= (an unknown or hidden tab shows Organization). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const { data: org } = useCurrentOrg();
  if (!user || !org) return <FullPageSpinner />;
  const visible = tabs.filter((item) => item.isVisible(user));
  const tab = visible.find((item) => item.value === params.get('tab'))?.value ?? 'organization';
  // An 'Upgrade now' prompt brings a team member here too: say who can upgrade instead of showing nothing.
  const isBillingHidden = params.get('tab') === 'billing' && tab !== 'billing';
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="Settings sections">
        {visible.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {isBillingHidden && <Alert severity="info">Only an owner or admin of your organization can change its plan.</Alert>}
      {tab === 'organization' && (
        <Stack spacing={2}>
          <MyOrganizationCard org={org} viewer={user} />
          <LogoCard viewer={user} hasLogo={org.logo_url !== null} />
          <SplitsCard org={org} viewer={user} />
          <InvoiceNumbersCard org={org} viewer={user} />
          <PayeeTaxFormCard org={org} viewer={user} />
          <ReminderScheduleCard viewer={user} />
          <MembersCard org={org} viewer={user} />
        </Stack>
      )}
      {tab === 'billing' && <BillingTab />}
      {tab === 'profile' && <ProfileTab viewer={user} />}
      {tab === 'api' && <ApiTab />}
      {tab === 'notifications' && <NotificationsTab />}
      {tab === 'quickbooks' && <QuickbooksTab />}
      {tab === 'approvals' && <ApprovalsTab />}
      {tab === 'audit' && <AuditLogTab />}
    </Stack>
  );
}
