import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { downloadWithSession } from '../../../lib/download-file.ts';
import { serverClockQuery } from '../../../lib/server-meta.ts';

/**
 * Download statement: the payee's payments of a date range as a CSV (payer, campaign, memo, status, amount, reference).
 * The range starts as the year so far by the server's day, not the browser's: payments are dated by
 * the server (the sandbox clock when moved on), and a range ending on the browser's day would miss them.
 */
export function StatementCard() {
  // Until the server's day is known the range waits (the browser's day stands in if it cannot be had).
  const clock = useQuery(serverClockQuery);
  const today = clock.data?.today ?? new Date().toISOString().slice(0, 10);
  const [editedFrom, setFrom] = useState<string | null>(null);
  const [editedTo, setTo] = useState<string | null>(null);
  const from = editedFrom ?? `${today.slice(0, 4)}-01-01`;
  const to = editedTo ?? today;
  const isBackwards = Boolean(from && to && to < from);
  const download = useMutation({
    mutationFn: () =>
      downloadWithSession(
        `/v1/portal/payments/statement?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        `payment-statement-${from}-to-${to}.csv`,
      ),
    meta: { errorMessage: 'There was an issue downloading your statement' },
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="statement-title">
      <CardContent>
        <Typography id="statement-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Statement
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Every payment made to you between two days, with who paid and what for, as a spreadsheet (CSV).
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="date"
            size="small"
            label="From"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={isBackwards}
            helperText={isBackwards ? 'The end of the range is before its start' : undefined}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={clock.isPending || !from || !to || isBackwards || download.isPending}
            onClick={() => download.mutate()}
          >
            Download statement
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
