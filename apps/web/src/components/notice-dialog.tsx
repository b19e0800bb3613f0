import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type Notice = { message: string; actionLabel: string; to: string };

/** The spec's Notice: why something is blocked and the one way forward ('Upgrade now', 'Add funds'). */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog open={notice !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="notice-dialog-title">
      <DialogTitle id="notice-dialog-title">Notice</DialogTitle>
      <DialogContent>
        <DialogContentText>{notice?.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            if (notice) void navigate(notice.to);
            onClose();
          }}
        >
          {notice?.actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export const upgradeNotice = (message: string): Notice => ({ message, actionLabel: 'Upgrade now', to: '/settings?tab=billing' });
export const addFundsNotice = (message: string): Notice => ({ message, actionLabel: 'Add funds', to: '/wallets' });
