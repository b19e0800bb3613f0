import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookEndpointRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteWebhook, useSendTestEvent, useWebhookEndpoints } from '../api/webhooks.ts';
import { AddWebhookDialog } from './add-webhook-dialog.tsx';
import { SecretOnceDialog } from './secret-once-dialog.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

function EndpointRow({ endpoint, onDelete }: { endpoint: WebhookEndpointRecord; onDelete: () => void }) {
  const sendTest = useSendTestEvent();
  return (
    <Box component="article" aria-label={`Webhook ${endpoint.url}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {endpoint.url}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {endpoint.events.length === 0 ? 'All events' : endpoint.events.join(', ')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button size="small" variant="outlined" loading={sendTest.isPending} onClick={() => sendTest.mutate(endpoint.id)}>
            Send test event
          </Button>
          <Button size="small" color="error" onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      </Stack>
      <WebhookDeliveries endpointId={endpoint.id} />
    </Box>
  );
}

/** Webhooks: signed event deliveries to the organisation's own endpoints. */
export function WebhooksCard() {
  const endpoints = useWebhookEndpoints();
  const remove = useDeleteWebhook();
  const [isAdding, setIsAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<WebhookEndpointRecord | null>(null);
  return (
    <Card variant="outlined" component="section" aria-label="Webhooks">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Webhooks
          </Typography>
          <Button variant="contained" onClick={() => setIsAdding(true)}>
            Add endpoint
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Payment, invoice, contract and bank events are sent as JSON, signed in the Crewpay-Signature header, and retried for up to 3 days.
        </Typography>
        <Stack spacing={2}>
          {endpoints.data?.length === 0 && <Typography variant="body2">No webhook endpoints yet</Typography>}
          {endpoints.data?.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} onDelete={() => setToDelete(endpoint)} />
          ))}
        </Stack>
      </CardContent>
      <AddWebhookDialog isOpen={isAdding} onClose={() => setIsAdding(false)} onCreated={setSecret} />
      <SecretOnceDialog title="Your webhook signing secret" label="Signing secret" secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete webhook endpoint"
        confirmLabel="Delete"
        isPending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        <Typography>{toDelete ? `${toDelete.url} will receive no more events.` : ''}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
