import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { useAccountingConnections } from '../api/accounting.ts';
import { AccountMappingCard } from './account-mapping-card.tsx';
import { ConnectionCard } from './connection-card.tsx';
import { JournalEntriesTable } from './journal-entries-table.tsx';

/** Settings > Quickbooks: Connection, Account mapping (once connected) and Journal entries. */
export function QuickbooksTab() {
  const connections = useAccountingConnections();
  if (!connections.data) return <FullPageSpinner />;
  const connection = connections.data[0];
  return (
    <Stack spacing={2}>
      <ConnectionCard connection={connection} />
      {connection && <AccountMappingCard />}
      {connection && (
        <Card variant="outlined" component="section" aria-label="Journal entries">
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
              Journal entries
            </Typography>
            <JournalEntriesTable canRetry />
          </CardContent>
        </Card>
      )}
    </Stack>
  );
}
