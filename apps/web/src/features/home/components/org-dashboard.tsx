import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { canManageWallets, formatCents, type OrgRecord } from '@crewpay/core';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { RetryNotice } from '../../../components/retry-notice.tsx';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { UpcomingPaymentsCard } from '../../../entities/payments/index.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { ActiveCampaignsCard } from './active-campaigns-card.tsx';
import { CashflowCard } from './cashflow-card.tsx';
import { ApprovalsTodo } from './approvals-todo.tsx';
import { SetupChecklist } from './setup-checklist.tsx';
import { StatTiles } from './stat-tiles.tsx';
import { TodoList } from './todo-list.tsx';

/** The activated organisation's home: setup checklist, figures (each a link to its list), money in and out, active campaigns and to-do list. */
export function OrgDashboard({ org }: { org: OrgRecord }) {
  const { data, isError, refetch } = useDashboard();
  const { data: user } = useCurrentUser();
  if (isError) return <RetryNotice message="There was an issue retrieving your dashboard" onRetry={() => void refetch()} />;
  if (!data) return <FullPageSpinner />;
  const canOpenWallet = Boolean(user && canManageWallets(user.role));

  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
        {org.name}
      </Typography>
      <SetupChecklist
        orgId={org.id}
        steps={[
          { label: 'Add Creators', to: '/creators', isComplete: data.total_creators > 0 },
          // A team member cannot open the wallet: the step informs them but leads nowhere.
          { label: 'Add funds', to: canOpenWallet ? '/funds' : null, isComplete: data.balance > 0 },
          { label: 'Start a Campaign', to: '/campaigns', isComplete: data.has_campaign },
        ]}
      />
      <StatTiles
        tiles={[
          { label: 'Balance', value: formatCents(data.balance), to: canOpenWallet ? '/wallets' : null },
          {
            label: 'Receivable',
            value: formatCents(data.receivable),
            to: '/invoices?tab=open',
            // Open invoices in another currency are not added to dollars: the tile says what it sums.
            note: data.receivable_other_currencies ? `USD invoices; ${data.receivable_other_currencies} open in other currencies` : null,
          },
          { label: 'Draft payments', value: formatCents(data.draft_payments), to: '/payments?tab=draft_payments' },
          { label: 'Total creators', value: data.total_creators.toLocaleString('en-US'), to: '/creators' },
        ]}
      />
      <CashflowCard />
      <ActiveCampaignsCard campaigns={data.active_campaigns} />
      <UpcomingPaymentsCard />
      <ApprovalsTodo isApprover={user?.role === 'owner' || user?.role === 'admin'} />
      <TodoList todos={data.todos} counts={data.todo_counts} />
    </Stack>
  );
}
