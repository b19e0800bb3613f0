import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAccountMap, useHasFailedJournalEntries, useRetryAllJournalEntries } from '../api/accounting.ts';
import { JournalEntriesTable } from './journal-entries-table.tsx';

/**
 * Settings > Quickbooks' Journal entries: the table, Retry all while any entry has failed, and
 * what holds syncing back (the mapping not saved yet; mapping comes first, issue 35).
 */
export function JournalEntriesCard({ isMappingReadable }: { isMappingReadable: boolean }) {
  const map = useAccountMap(isMappingReadable);
  const hasFailed = useHasFailedJournalEntries(true);
  const retryAll = useRetryAllJournalEntries();
  const isWaitingForMapping = isMappingReadable && map.data !== undefined && map.data.clearing === null;
  return (
    <Card variant="outlined" component="section" aria-label="Journal entries">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Journal entries
          </Typography>
          {hasFailed.data && (
            <Button variant="outlined" loading={retryAll.isPending} onClick={() => retryAll.mutate()}>
              Retry all
            </Button>
          )}
        </Stack>
        {isWaitingForMapping && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Journal entries start once you save the account mapping above: your payouts, invoice payments and fees so far are then sent to
            QuickBooks.
          </Alert>
        )}
        <JournalEntriesTable canRetry />
      </CardContent>
    </Card>
  );
}
