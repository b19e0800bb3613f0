import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useAccountingConnections } from '../api/accounting.ts';
import { JournalEntriesTable } from './journal-entries-table.tsx';

/** A campaign's quickbooks tab: the journal entries of its payouts and invoice payments. */
export function CampaignQuickbooksTab({ campaignId }: { campaignId: string }) {
  const connections = useAccountingConnections();
  if (!connections.data) return <FullPageSpinner />;
  if (connections.data.length === 0)
    return (
      <EmptyState title="QuickBooks is not connected">
        Connect QuickBooks in{' '}
        <Link component={RouterLink} to="/settings?tab=quickbooks">
          Settings
        </Link>{' '}
        to see this campaign&apos;s journal entries.
      </EmptyState>
    );
  return <JournalEntriesTable campaignId={campaignId} canRetry={false} />;
}
