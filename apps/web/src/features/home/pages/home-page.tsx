import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { ActivationSplash } from '../components/activation-splash.tsx';

/** / for organisation staff. */
export default function HomePage() {
  const { data: org, isError, refetch } = useCurrentOrg();
  if (isError) return <RetryNotice message="There was an issue retrieving your organization" onRetry={() => void refetch()} />;
  if (!org) return <FullPageSpinner />;

  if (!org.treasury_id) return <ActivationSplash hasRepresentative={org.has_representative} />;

  // The activated dashboard (setup checklist, Balance, Receivable, Draft payments and Total creators
  // tiles, campaigns, to-do list) arrives with the wallets, payments and creators it summarises.
  return (
    <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
      {org.name}
    </Typography>
  );
}
