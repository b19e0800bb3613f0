import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { OrgDashboard } from '../components/org-dashboard.tsx';

// Shown once, before activation: its illustration and dialog stay out of the dashboard's download.
const ActivationSplash = lazy(() => import('../components/activation-splash.tsx').then((module) => ({ default: module.ActivationSplash })));

/** / for organisation staff. */
export default function HomePage() {
  const { data: org, isError, refetch } = useCurrentOrg();
  if (isError) return <RetryNotice message="There was an issue retrieving your organization" onRetry={() => void refetch()} />;
  if (!org) return <FullPageSpinner />;

  if (!org.treasury_id) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <ActivationSplash hasRepresentative={org.has_representative} />
      </Suspense>
    );
  }

  return <OrgDashboard org={org} />;
}
