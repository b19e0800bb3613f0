import Stack from '@mui/material/Stack';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useAccountingConnections } from '../api/accounting.ts';
import { AccountMappingCard } from './account-mapping-card.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { JournalEntriesCard } from './journal-entries-card.tsx';

/**
 * Settings > Quickbooks: Connection, Account mapping (once connected; it reads the company's
 * chart, so not while the connection needs reconnecting) and Journal entries.
 */
export function QuickbooksTab() {
  const connections = useAccountingConnections();
  if (!connections.data) return <FullPageSpinner />;
  const connection = connections.data[0];
  const isLive = Boolean(connection && !connection.needs_reconnect);
  return (
    <Stack spacing={2}>
      <ConnectionCard connection={connection} />
      {isLive && <AccountMappingCard />}
      {connection && <JournalEntriesCard isMappingReadable={isLive} />}
    </Stack>
  );
}
