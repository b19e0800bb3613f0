import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format.ts';
import { useWebhookDeliveries } from '../api/webhooks.ts';

const statusColor = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

/** The endpoint's delivery log: status, response code, attempts and the next retry. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.data?.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        No deliveries yet
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Webhook deliveries">
      <TableHead>
        <TableRow>
          <TableCell>Event</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Response code</TableCell>
          <TableCell>Attempts</TableCell>
          <TableCell>Next retry</TableCell>
          <TableCell>Created</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {deliveries.data?.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>{delivery.event_type}</TableCell>
            <TableCell>
              <Chip size="small" label={delivery.status} color={statusColor[delivery.status]} variant="outlined" />
            </TableCell>
            <TableCell title={delivery.last_error ?? undefined}>
              {delivery.response_code ?? (delivery.last_error ? 'No response' : '—')}
            </TableCell>
            <TableCell>{delivery.attempts}</TableCell>
            <TableCell>{delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : '—'}</TableCell>
            <TableCell>{formatDateTime(delivery.created_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
