import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { ApiTokenRecord } from '@crewpay/core';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useApiKeys, useDeleteApiKey } from '../api/api-keys.ts';
import { CreateApiKeyDialog } from './create-api-key-dialog.tsx';
import { SecretOnceDialog } from './secret-once-dialog.tsx';

const maskedKey = (key: ApiTokenRecord) => `${key.prefix}…${key.last4}`;

/** API keys: created with their scopes (the key shown once), listed by prefix, last 4 and scopes, deleted (revoked at once). */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const [isCreating, setCreating] = useState(false);
  const [createdKey, setCreatedKey] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ApiTokenRecord | null>(null);
  return (
    <Card variant="outlined" component="section" aria-label="API keys">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            API keys
          </Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            Create API key
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Send a key as <code>Authorization: Bearer &lt;key&gt;</code>, never with a session&apos;s auth-token beside it. It acts for the
          organization within its scopes; members, API keys, webhooks, executing payments and moving money stay with people.
        </Typography>
        {keys.data && keys.data.length === 0 && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            No API keys yet
          </Typography>
        )}
        <List dense aria-label="API key list">
          {keys.data?.map((key) => (
            <ListItem
              key={key.id}
              divider
              secondaryAction={
                <Tooltip title="Delete">
                  <IconButton edge="end" aria-label={`Delete ${maskedKey(key)}`} onClick={() => setToDelete(key)}>
                    <DeleteOutlineRounded />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText
                primary={maskedKey(key)}
                secondary={`Created ${formatDateTime(key.created_at)} · Scopes: ${key.scopes.join(', ')}`}
                slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CreateApiKeyDialog isOpen={isCreating} onClose={() => setCreating(false)} onCreated={setCreatedKey} />
      <SecretOnceDialog title="Your new API key" label="API key" secret={createdKey} onClose={() => setCreatedKey(null)} />
      <ConfirmDialog
        isOpen={toDelete !== null}
        title="Delete API key"
        confirmLabel="Delete"
        isPending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })}
      >
        <Typography>{toDelete ? `${maskedKey(toDelete)} stops working at once.` : ''}</Typography>
      </ConfirmDialog>
    </Card>
  );
}
