import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { loginAsMessages, PASSKEY_NAME_MAX, type PasskeyRecord } from '@crewpay/core';
import { hasPasskeySupport, useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { RecoveryCodesDialog } from './totp-setup.tsx';

/** A first passkey: the code emailed to the person, which shows it is them (a stolen session could not read it). */
function EmailCodeDialog({ open, onAnswer }: { open: boolean; onAnswer: (code: string | null) => void }) {
  const [code, setCode] = useState('');
  const answer = (value: string | null) => {
    setCode('');
    onAnswer(value);
  };
  return (
    <Dialog open={open} onClose={() => answer(null)} maxWidth="xs" fullWidth aria-labelledby="passkey-email-code-title">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          answer(code.trim());
        }}
      >
        <DialogTitle id="passkey-email-code-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            We emailed a 6-digit code to your address. Enter it to add your first passkey.
          </Typography>
          <TextField
            label="Code we emailed you"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => answer(null)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={code.trim() === ''}>
            Add the passkey
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

const usedText = (passkey: PasskeyRecord) =>
  `Added ${formatDate(passkey.created_at)} · ${passkey.last_used_at ? `last used ${formatDate(passkey.last_used_at)}` : 'not used yet'}`;

/**
 * Settings > Profile (staff and portal alike): the person's passkeys, each a second factor and a sign-in on its own.
 * The first one also answers recovery codes, shown once as the app's set-up does. Someone acting as the
 * person sees the list but is offered no adding or removing: the API refuses both while acting.
 */
export function PasskeysCard() {
  const { data } = usePasskeys();
  const { data: viewer } = useCurrentUser();
  const mayChange = !viewer?.acting_by;
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [emailCodeAnswer, setEmailCodeAnswer] = useState<((code: string | null) => void) | null>(null);
  const askEmailCode = () => new Promise<string | null>((resolve) => setEmailCodeAnswer(() => resolve));
  const answerEmailCode = (code: string | null) => {
    emailCodeAnswer?.(code);
    setEmailCodeAnswer(null);
  };
  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await add.mutateAsync({ name: name.trim(), askEmailCode });
    setName('');
    if (answer.recovery_codes.length > 0) setRecoveryCodes(answer.recovery_codes);
  };
  if (!data) return null;
  return (
    <Card variant="outlined" component="section" aria-label="Passkeys" sx={{ maxWidth: 560 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          Passkeys
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Sign in with your fingerprint, face or device PIN, with no password or code to type.
        </Typography>
        {data.data.length > 0 && (
          <List dense aria-label="Your passkeys">
            {data.data.map((passkey) => (
              <ListItem
                key={passkey.id}
                disableGutters
                secondaryAction={
                  mayChange && (
                    <Button
                      color="error"
                      aria-label={`Remove ${passkey.name}`}
                      onClick={() => void remove.mutateAsync(passkey.id).catch(() => undefined)}
                    >
                      Remove
                    </Button>
                  )
                }
              >
                <ListItemText primary={passkey.name} secondary={usedText(passkey)} />
              </ListItem>
            ))}
          </List>
        )}
        {!mayChange && (
          <Typography variant="body2" color="text.secondary">
            {loginAsMessages.noSignInFactors}
          </Typography>
        )}
        {mayChange && hasPasskeySupport() && (
          <Stack
            component="form"
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}
            noValidate
            onSubmit={(event) => void onAdd(event).catch(() => undefined)}
          >
            <TextField
              size="small"
              label="Passkey name"
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
            />
            <Button type="submit" variant="contained" disabled={name.trim() === ''} loading={add.isPending}>
              Add a passkey
            </Button>
          </Stack>
        )}
        {mayChange && !hasPasskeySupport() && <Typography variant="body2">This browser cannot use passkeys.</Typography>}
      </CardContent>
      <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />
      <EmailCodeDialog open={emailCodeAnswer !== null} onAnswer={answerEmailCode} />
    </Card>
  );
}
