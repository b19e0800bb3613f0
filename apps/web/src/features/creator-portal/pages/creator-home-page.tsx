import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCents } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { usePortalHome } from '../api/portal-home.ts';
import { PortalFigures, type Figure } from '../components/portal-figures.tsx';
import { PortalTodoList } from '../components/portal-todo-list.tsx';

/** Demo mode (?demo in the address) hides a creator's payment figures and shows invoices instead, as the spec says. */
const isDemoMode = () => new URLSearchParams(window.location.search).has('demo');

/** /creator, the portal home: welcome, counts and the to-do list across every organisation. */
export default function CreatorHomePage() {
  const { data, isError, refetch } = usePortalHome();
  const { data: user } = useCurrentUser();
  if (isError) return <RetryNotice message="There was an issue retrieving your dashboard" onRetry={() => void refetch()} />;
  if (!data || !user) return <FullPageSpinner />;

  const showsPayments = user.role === 'creator' && !isDemoMode();
  const figures: Figure[] = showsPayments
    ? [
        { label: 'Contracts', value: String(data.contracts) },
        { label: 'Payments', value: String(data.payments) },
        { label: 'Completed', value: formatCents(data.completed) },
        { label: 'Pending', value: formatCents(data.pending) },
      ]
    : [
        { label: 'Contracts', value: String(data.contracts) },
        { label: 'Invoices', value: String(data.invoices) },
      ];

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          Welcome to Crewpay!
        </Typography>
        <Typography color="text.secondary">
          {user.role === 'customer'
            ? 'Your invoices and contracts from the organizations you work with.'
            : 'Your contracts, payments and payout details with every organization you work with.'}
        </Typography>
      </div>
      <PortalFigures figures={figures} />
      <PortalTodoList todos={data.todos} />
    </Stack>
  );
}
