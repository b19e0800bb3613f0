import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';

/** A key or signing secret shown in full once: the server keeps only a hash or a sealed copy. */
export function SecretOnceDialog({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="secret-once-title">
      <DialogTitle id="secret-once-title">{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy it now: it will not be shown again.
        </Alert>
        <TextField
          label={label}
          value={secret ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'secret-once-value', style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => void navigator.clipboard?.writeText(secret ?? '').catch(() => undefined)}>Copy</Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
