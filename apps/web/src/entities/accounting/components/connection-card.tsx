import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountingConnectionRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { openQuickbooksPopup, refreshAccounting, useDisconnectQuickbooks, useStartQuickbooksConsent } from '../api/accounting.ts';

/** What QuickBooks' refusal of the connection means for the person, on this card and wherever entries show. */
export const RECONNECT_MESSAGE =
  'The QuickBooks connection has expired (QuickBooks refused it, or it went unused for 100 days). Journal entries are not sent until you connect again.';

/**
 * Connection: Connect opens Intuit's consent in a popup; the popup's message (or its closing)
 * refreshes the tab. A connection QuickBooks no longer honours says so and offers to reconnect.
 */
export function ConnectionCard({ connection }: { connection: AccountingConnectionRecord | undefined }) {
  const disconnect = useDisconnectQuickbooks();
  const startConsent = useStartQuickbooksConsent();
  const [isConfirming, setConfirming] = useState(false);
  const [popup, setPopup] = useState<Window | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || (event.data as { type?: string })?.type !== 'crewpay:quickbooks') return;
      void refreshAccounting();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!popup) return;
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      setPopup(null);
      void refreshAccounting();
    }, 500);
    return () => window.clearInterval(timer);
  }, [popup]);

  const connect = () => {
    const opened = openQuickbooksPopup();
    if (!opened) return;
    setPopup(opened);
    startConsent.mutate(opened);
  };

  return (
    <Card variant="outlined" component="section" aria-label="Connection">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <div>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
              Connection
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {connection
                ? `QuickBooks connected on ${formatDateTime(connection.created_at)}`
                : 'Connect QuickBooks to keep your books from every payout, invoice payment and fee.'}
            </Typography>
          </div>
          <Stack direction="row" sx={{ gap: 1 }}>
            {connection && (
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                Disconnect
              </Button>
            )}
            {(!connection || connection.needs_reconnect) && (
              <Button variant="contained" loading={popup !== null} onClick={() => connect()}>
                {connection ? 'Reconnect to QuickBooks' : 'Connect to QuickBooks'}
              </Button>
            )}
          </Stack>
        </Stack>
        {connection?.needs_reconnect && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {RECONNECT_MESSAGE}
          </Alert>
        )}
      </CardContent>
      {connection && (
        <ConfirmDialog
          isOpen={isConfirming}
          title="Disconnect QuickBooks?"
          confirmLabel="Disconnect"
          isPending={disconnect.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() => disconnect.mutate(connection.id, { onSettled: () => setConfirming(false) })}
        >
          Journal entries stop being sent until you connect again.
        </ConfirmDialog>
      )}
    </Card>
  );
}
