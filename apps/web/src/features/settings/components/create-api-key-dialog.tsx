import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { DEFAULT_API_KEY_SCOPES, apiKeyScopeLabels, apiKeyScopes, type ApiKeyScope } from '@crewpay/core';
import { useCreateApiKey } from '../api/api-keys.ts';

/** Scopes (the default ones ticked); answers with the full key, shown once by the caller. */
export function CreateApiKeyDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (key: string) => void;
}) {
  const create = useCreateApiKey();
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...DEFAULT_API_KEY_SCOPES]);
  const close = () => {
    setScopes([...DEFAULT_API_KEY_SCOPES]);
    onClose();
  };
  const toggle = (scope: ApiKeyScope, isChecked: boolean) =>
    setScopes((current) => (isChecked ? [...current, scope] : current.filter((item) => item !== scope)));
  const submit = () =>
    create.mutate(
      { scopes },
      {
        onSuccess: (created) => {
          close();
          onCreated(created.key);
        },
      },
    );
  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby="create-api-key-title">
      <DialogTitle id="create-api-key-title">Create API key</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          Choose what the key may do. Whatever you choose, a key never manages members, API keys or webhooks, never executes payments or
          moves money, and never acts as anyone.
        </Typography>
        <FormGroup aria-label="Scopes" sx={{ mt: 1.5 }}>
          {apiKeyScopes.map((scope) => (
            <FormControlLabel
              key={scope}
              label={apiKeyScopeLabels[scope]}
              control={<Checkbox size="small" checked={scopes.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button variant="contained" disabled={scopes.length === 0} loading={create.isPending} onClick={submit}>
          Create key
        </Button>
      </DialogActions>
    </Dialog>
  );
}
