import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { MembersCard } from '../components/members-card.tsx';
import { MyOrganizationCard } from '../components/my-organization-card.tsx';

/** The tabs built so far, in the spec's order; later issues add Billing, Profile, API, Notifications, Quickbooks. */
const tabs = [{ value: 'organization', label: 'Organization' }] as const;

/** /settings with its tab in ?tab= (an unknown tab shows the first). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((item) => item.value === params.get('tab'))?.value ?? 'organization';
  const { data: user } = useCurrentUser();
  const { data: org } = useCurrentOrg();
  if (!user || !org) return <FullPageSpinner />;
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, value: string) => setParams({ tab: value })} aria-label="Settings sections">
        {tabs.map((item) => (
          <Tab key={item.value} value={item.value} label={item.label} />
        ))}
      </Tabs>
      {tab === 'organization' && (
        <Stack spacing={2}>
          <MyOrganizationCard org={org} viewer={user} />
          <MembersCard org={org} viewer={user} />
        </Stack>
      )}
    </Stack>
  );
}
