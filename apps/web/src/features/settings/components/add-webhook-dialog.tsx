import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { webhookEventTypes, type WebhookEventType } from '@crewpay/core';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateWebhook } from '../api/webhooks.ts';

const selectable = webhookEventTypes.filter((type) => type !== 'webhook.test');

/** URL and events (none ticked means every event); answers with the signing secret. */
export function AddWebhookDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [urlError, setUrlError] = useState<string | null>(null);
  const close = () => {
    setUrl('');
    setEvents([]);
    setUrlError(null);
    onClose();
  };
  const submit = () =>
    create.mutate(
      { url, events },
      {
        onSuccess: (created) => {
          close();
          onCreated(created.secret);
        },
        onError: (error) => setUrlError(error instanceof ApiError && error.field === 'url' ? error.serverMessage : null),
      },
    );
  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby="add-webhook-title">
      <DialogTitle id="add-webhook-title">Add webhook endpoint</DialogTitle>
      <DialogContent>
        <TextField
          label="Endpoint URL"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={urlError !== null}
          helperText={urlError ?? 'An http or https URL that accepts POST requests'}
          fullWidth
          required
          sx={{ mt: 1 }}
        />
        <Typography variant="body2" sx={{ mt: 2 }}>
          Events (none ticked: all events)
        </Typography>
        <FormGroup row>
          {selectable.map((type) => (
            <FormControlLabel
              key={type}
              label={type}
              control={
                <Checkbox
                  size="small"
                  checked={events.includes(type)}
                  onChange={(event) =>
                    setEvents((current) => (event.target.checked ? [...current, type] : current.filter((item) => item !== type)))
                  }
                />
              }
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button variant="contained" disabled={url.trim() === ''} loading={create.isPending} onClick={submit}>
          Add endpoint
        </Button>
      </DialogActions>
    </Dialog>
  );
}
