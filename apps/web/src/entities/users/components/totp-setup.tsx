import { useEffect, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TotpSetupAnswer } from '@crewpay/core';
import { useConfirmTotp } from '../api/two-factor.ts';

/** The otpauth link as a QR code an authenticator app scans (drawn in the browser: the secret goes nowhere else). */
function TotpQrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(url, { margin: 1, width: 184 })
      .then((data) => isCurrent && setImage(data))
      .catch(() => isCurrent && setImage(null));
    return () => {
      isCurrent = false;
    };
  }, [url]);
  if (!image) return null;
  return <Box component="img" src={image} alt="QR code to scan with your authenticator app" width={184} height={184} />;
}

/** Set-up, after the secret was made: scan the QR code or type the key into the app (or open the otpauth link), then its first code. */
export function TotpSetup({ setup, onDone }: { setup: TotpSetupAnswer; onDone: (recoveryCodes: string[]) => void }) {
  const [code, setCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const confirm = useConfirmTotp();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onDone((await confirm.mutateAsync({ code, ...(setup.email_code_sent ? { email_code: emailCode } : {}) })).recovery_codes);
  };
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">
          Scan this QR code with your authenticator app, or add an account with the setup key below (or{' '}
          <a href={setup.otpauth_url}>open it in the app</a>), then enter the 6-digit code it shows.
        </Typography>
        <TotpQrCode url={setup.otpauth_url} />
        <TextField
          label="Setup key"
          value={setup.secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'totp-secret', style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          label="Code from the app"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        {/* A first factor: the person proves their email too (a stolen session could not). */}
        {setup.email_code_sent && (
          <TextField
            label="Code we emailed you"
            value={emailCode}
            onChange={(event) => setEmailCode(event.target.value)}
            helperText="We emailed a 6-digit code to your address: it shows this is you."
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          Turn on
        </Button>
      </Stack>
    </Box>
  );
}

/** The recovery codes, shown once after set-up: only their hashes are kept. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Dialog open={codes !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="recovery-codes-title">
      <DialogTitle id="recovery-codes-title">Your recovery codes</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Keep them somewhere safe: each signs you in once without your phone. They will not be shown again.
        </Alert>
        <Box component="ul" data-testid="recovery-codes" sx={{ columns: 2, fontFamily: 'monospace', m: 0, pl: 2 }}>
          {codes?.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => void navigator.clipboard?.writeText(codes?.join('\n') ?? '').catch(() => undefined)}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
