import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { CSV_HEADERS, creatorMessages, type BulkAnswer } from '@crewpay/core';
import { useBulkAddCreators } from '../api/bulk-add-creators.ts';

/** Bulk add Creators: choose a CSV (text/csv only), upload, then read which rows were left out and why. */
export function BulkAddDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const bulkAdd = useBulkAddCreators();
  const [file, setFile] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);

  const close = () => {
    setFile(null);
    setTypeError(null);
    setAnswer(null);
    onClose();
  };
  const choose = (chosen: File | undefined) => {
    setAnswer(null);
    if (!chosen) return;
    const isCsv = chosen.type === 'text/csv';
    setTypeError(isCsv ? null : creatorMessages.invalidFileType(chosen.type || 'unknown'));
    setFile(isCsv ? chosen : null);
  };
  const upload = async () => {
    if (!file) return;
    setAnswer(await bulkAdd.mutateAsync(file));
    setFile(null);
  };

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="sm" fullWidth aria-labelledby="bulk-add-title">
      <DialogTitle id="bulk-add-title">Bulk add Creators</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Upload a CSV file with the headers {CSV_HEADERS.join(', ')}. Each creator gets an email inviting them to their creator dashboard.
        </DialogContentText>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
          Choose CSV file
          <input hidden type="file" accept="text/csv,.csv" aria-label="CSV file" onChange={(event) => choose(event.target.files?.[0])} />
        </Button>
        {file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {file.name}
          </Typography>
        )}
        {typeError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {typeError}
          </Alert>
        )}
        {answer && (
          <Alert severity={answer.issues.length ? 'warning' : 'success'} sx={{ mt: 2 }}>
            {answer.added === 1 ? '1 creator added.' : `${answer.added.toLocaleString('en-US')} creators added.`}
            {answer.issues.length > 0 && ` ${answer.issues.length.toLocaleString('en-US')} rows were not added:`}
          </Alert>
        )}
        {answer && answer.issues.length > 0 && (
          <List dense aria-label="Issues" sx={{ maxHeight: 260, overflow: 'auto' }}>
            {answer.issues.map((issue) => (
              <ListItem key={`${issue.line}-${issue.message}`} disableGutters>
                <ListItemText primary={`Line ${issue.line}${issue.email ? ` (${issue.email})` : ''}`} secondary={issue.message} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          {answer ? 'Close' : 'Cancel'}
        </Button>
        <Button variant="contained" onClick={() => void upload().catch(() => undefined)} disabled={!file} loading={bulkAdd.isPending}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
