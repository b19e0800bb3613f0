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
import { CSV_HEADERS, creatorMessages, type BulkAnswer, type ImportInviteChoice, type ImportPreview } from '@crewpay/core';
import { asCsvFile } from '../../../lib/csv-file.ts';
import { useCurrentOrg } from '../../../lib/session/current-org.ts';
import { UpgradeDialog } from '../../../entities/billing/index.ts';
import { useBulkAddCreators, usePreviewCreatorsImport } from '../api/bulk-add-creators.ts';
import { ImportPreviewTable } from './import-preview.tsx';
import { InviteChoice, answerSummary } from './invite-choice.tsx';

/**
 * Bulk add Creators: choose a CSV (text/csv only; a .csv Windows calls Excel's is sent as text/csv), read the server's preview of it (the rows and
 * their errors; nothing is added yet), choose when the invitations go out, then add. The key of
 * one preview makes a double click add once.
 */
export function BulkAddDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const previewFile = usePreviewCreatorsImport();
  const bulkAdd = useBulkAddCreators();
  const [file, setFile] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [invite, setInvite] = useState<ImportInviteChoice>('now');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const [isUpgrading, setIsUpgrading] = useState(false);
  // On the free plan the file is previewed but adding waits for the upgrade, confirmed over this dialog.
  const isFree = useCurrentOrg().data?.billing_plan === 'free';

  const close = () => {
    setFile(null);
    setTypeError(null);
    setPreview(null);
    setAnswer(null);
    setInvite('now');
    onClose();
  };
  const choose = async (chosen: File | undefined) => {
    setAnswer(null);
    setPreview(null);
    if (!chosen) return;
    const csv = asCsvFile(chosen);
    const isCsv = csv.type === 'text/csv';
    setTypeError(isCsv ? null : creatorMessages.invalidFileType(chosen.type || 'unknown'));
    setFile(isCsv ? csv : null);
    if (!isCsv) return;
    // Each file read is a new import: its own key, so a fixed file is not answered with the last one's result.
    setIdempotencyKey(crypto.randomUUID());
    setPreview(await previewFile.mutateAsync(csv));
  };
  const add = async () => {
    if (!file) return;
    setAnswer(await bulkAdd.mutateAsync({ file, invite, idempotencyKey }));
    setPreview(null);
    setFile(null);
  };

  return (
    <Dialog open={isOpen} onClose={close} maxWidth="md" fullWidth aria-labelledby="bulk-add-title">
      <DialogTitle id="bulk-add-title">Bulk add Creators</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Upload a CSV file with the headers {CSV_HEADERS.join(', ')}. You will see its rows and any errors before anyone is added.
        </DialogContentText>
        <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />} loading={previewFile.isPending}>
          {preview ? 'Choose another file' : 'Choose CSV file'}
          <input
            hidden
            type="file"
            accept="text/csv,.csv"
            aria-label="CSV file"
            onChange={(event) => {
              void choose(event.target.files?.[0]).catch(() => undefined);
              // The same file name, fixed and chosen again, must be read again.
              event.target.value = '';
            }}
          />
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
        {preview && <ImportPreviewTable key={idempotencyKey} preview={preview} />}
        {preview && preview.valid > 0 && <InviteChoice value={invite} onChange={setInvite} />}
        {preview && isFree && (
          <Alert
            severity="info"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => setIsUpgrading(true)} sx={{ whiteSpace: 'nowrap' }}>
                Compare plans
              </Button>
            }
          >
            {creatorMessages.freePlanBulk}
          </Alert>
        )}
        {answer && <AnswerView answer={answer} invite={invite} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          {answer ? 'Close' : 'Cancel'}
        </Button>
        {!answer && (
          <Button
            variant="contained"
            onClick={() => void add().catch(() => undefined)}
            disabled={!file || !preview || preview.valid === 0 || isFree}
            loading={bulkAdd.isPending}
          >
            {preview ? `Add ${preview.valid.toLocaleString('en-US')} creator${preview.valid === 1 ? '' : 's'}` : 'Add creators'}
          </Button>
        )}
      </DialogActions>
      <UpgradeDialog isOpen={isUpgrading} onClose={() => setIsUpgrading(false)} reason={creatorMessages.freePlanBulk} />
    </Dialog>
  );
}

function AnswerView({ answer, invite }: { answer: BulkAnswer; invite: ImportInviteChoice }) {
  return (
    <>
      <Alert severity={answer.issues.length ? 'warning' : 'success'} sx={{ mt: 2 }}>
        {answerSummary(answer.added, invite)}
        {answer.issues.length > 0 && ` ${answer.issues.length.toLocaleString('en-US')} rows were not added:`}
      </Alert>
      {answer.issues.length > 0 && (
        <List dense aria-label="Issues" sx={{ maxHeight: 260, overflow: 'auto' }}>
          {answer.issues.map((issue) => (
            <ListItem key={`${issue.line}-${issue.message}`} disableGutters>
              <ListItemText primary={`Line ${issue.line}${issue.email ? ` (${issue.email})` : ''}`} secondary={issue.message} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
