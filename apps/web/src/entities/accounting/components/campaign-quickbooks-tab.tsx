import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useAccountingConnections } from '../api/accounting.ts';
import { RECONNECT_MESSAGE } from './connection-card.tsx';
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
  return (
    <Stack spacing={2}>
      {connections.data[0]?.needs_reconnect && (
        <Alert severity="warning">
          {RECONNECT_MESSAGE}{' '}
          <Link component={RouterLink} to="/settings?tab=quickbooks">
            Reconnect in Settings
          </Link>
        </Alert>
      )}
      <JournalEntriesTable campaignId={campaignId} canRetry={false} />
    </Stack>
  );
}
