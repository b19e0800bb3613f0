import { useEffect } from 'react';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMinor, type PayoutQuote } from '@crewpay/core';
import dayjs from 'dayjs';

/** The longest a quote's expiry is waited for in the browser (a sandbox clock ahead of the real one never fires early). */
const LONGEST_WAIT_MS = 30 * 60 * 1000;

/** Asks for new quotes once the first shown expires: an expired quote is quoted again, never booked. */
export function useRequoteOnExpiry(quotes: PayoutQuote[] | undefined, requote: () => void) {
  const first = quotes?.map((quote) => Date.parse(quote.expires_at)).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (first === undefined) return;
    const wait = first - Date.now();
    if (wait > LONGEST_WAIT_MS) return;
    const timer = setTimeout(requote, Math.max(wait, 0) + 500);
    return () => clearTimeout(timer);
  }, [first, requote]);
}

/**
 * Execute's quote for the payments sent abroad: per payee what leaves the wallet in dollars, the
 * locked rate, Nium's fee, what the payee receives in their currency, and when the rate expires.
 */
export function PayoutQuotes({ quotes }: { quotes: PayoutQuote[] }) {
  if (quotes.length === 0) return null;
  const expires = quotes.map((quote) => Date.parse(quote.expires_at)).sort((a, b) => a - b)[0]!;
  return (
    <Stack spacing={0.5} role="region" aria-label="Exchange rates">
      <Typography variant="subtitle2" component="h3">
        Paid in another currency
      </Typography>
      <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Payee</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell align="right">Fee</TableCell>
            <TableCell align="right">Payee receives</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quotes.map((quote) => (
            <TableRow key={quote.quote_id}>
              <TableCell>
                {quote.recipient_name}
                <Typography variant="caption" component="div" color="text.secondary">
                  {formatMinor(quote.source_amount, quote.source_currency)}
                </Typography>
              </TableCell>
              <TableCell align="right">{`1 ${quote.source_currency} = ${quote.rate} ${quote.destination_currency}`}</TableCell>
              <TableCell align="right">{formatMinor(quote.fee, quote.source_currency)}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatMinor(quote.destination_amount, quote.destination_currency)}
                {quote.amount_fixed === 'destination' && (
                  <Typography variant="caption" component="div" color="text.secondary">
                    {`As entered; ${formatMinor(quote.source_amount, quote.source_currency)} at this rate`}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {`Rates locked until ${dayjs(expires).format('h:mm:ss A')}: executing confirms them. An expired rate is quoted again.`}
      </Typography>
    </Stack>
  );
}
