import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { ActivationSplash } from '../components/activation-splash.tsx';
import { OrgDashboard } from '../components/org-dashboard.tsx';

/** / for organisation staff. */
export default function HomePage() {
  const { data: org, isError, refetch } = useCurrentOrg();
  if (isError) return <RetryNotice message="There was an issue retrieving your organization" onRetry={() => void refetch()} />;
  if (!org) return <FullPageSpinner />;

  if (!org.treasury_id) return <ActivationSplash hasRepresentative={org.has_representative} />;

  return <OrgDashboard org={org} />;
}
