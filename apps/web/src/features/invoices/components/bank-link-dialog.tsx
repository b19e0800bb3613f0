import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureMessage } from '../../../lib/notify.ts';
import { bankLogin, type BankAccountChoice } from '../api/pay.ts';

const institutions = ['First Platypus Bank', 'Tartan Bank', 'Houndstooth Bank'];
export type BankChoice = { public_token: string; account_id: string; label: string };

type Props = { linkToken: string; onClose: () => void; onLinked: (bank: BankChoice) => void };

/** The sandbox bank link in Stripe Financial Connections' place: pick the institution, log in (user_good / pass_good), pick the account. */
export function BankLinkDialog({ linkToken, onClose, onLinked }: Props) {
  const [institution, setInstitution] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [item, setItem] = useState<{ public_token: string; accounts: BankAccountChoice[] } | null>(null);

  const logIn = () => {
    setBusy(true);
    setError(null);
    bankLogin({ link_token: linkToken, institution: institution!, username, password })
      .then(setItem)
      .catch((cause: unknown) => setError(failureMessage(cause)))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="bank-link-title">
      <DialogTitle id="bank-link-title">
        {item ? 'Select an account' : institution ? `Log in to ${institution}` : 'Select your bank'}
      </DialogTitle>
      <DialogContent>
        {!institution && (
          <List>
            {institutions.map((name) => (
              <ListItemButton key={name} onClick={() => setInstitution(name)}>
                <ListItemText primary={name} />
              </ListItemButton>
            ))}
          </List>
        )}
        {institution && !item && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Sandbox: username user_good, password pass_good.
            </Typography>
            <TextField label="Username" value={username} onChange={(event) => setUsername(event.target.value)} />
            <TextField label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
            {error && (
              <Typography role="alert" color="error" variant="body2">
                {error}
              </Typography>
            )}
          </Stack>
        )}
        {item && (
          <List>
            {item.accounts.map((account) => (
              <ListItemButton
                key={account.id}
                onClick={() =>
                  onLinked({ public_token: item.public_token, account_id: account.id, label: `${account.name} •••• ${account.mask}` })
                }
              >
                <ListItemText primary={account.name} secondary={`•••• ${account.mask}`} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {institution && !item && (
          <Button variant="contained" disabled={!username || !password || isBusy} onClick={logIn}>
            Submit
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
