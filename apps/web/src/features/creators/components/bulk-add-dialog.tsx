import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { CSV_HEADERS, creatorMessages, type BulkAnswer, type ImportInviteChoice, type ImportPreview } from '@crewpay/core';
import { CsvUploadDialog, useCsvPreview } from '../../../components/csv-upload-dialog.tsx';
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
  const [invite, setInvite] = useState<ImportInviteChoice>('now');
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const csv = useCsvPreview<ImportPreview>({
    read: previewFile.mutateAsync,
    notCsv: creatorMessages.invalidFileType,
    onChoose: () => setAnswer(null),
  });
  const { file, preview } = csv;
  const [isUpgrading, setIsUpgrading] = useState(false);
  // On the free plan the file is previewed but adding waits for the upgrade, confirmed over this dialog.
  const isFree = useCurrentOrg().data?.billing_plan === 'free';

  const close = () => {
    csv.clear();
    setAnswer(null);
    setInvite('now');
    onClose();
  };
  const add = async () => {
    if (!file) return;
    setAnswer(await bulkAdd.mutateAsync({ file, invite, idempotencyKey: csv.idempotencyKey }));
    csv.clear();
  };

  return (
    <CsvUploadDialog
      isOpen={isOpen}
      onClose={close}
      titleId="bulk-add-title"
      title="Bulk add Creators"
      description={
        <>Upload a CSV file with the headers {CSV_HEADERS.join(', ')}. You will see its rows and any errors before anyone is added.</>
      }
      csv={csv}
      picker={{ isLoading: previewFile.isPending }}
      actions={
        <>
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
        </>
      }
      nested={<UpgradeDialog isOpen={isUpgrading} onClose={() => setIsUpgrading(false)} reason={creatorMessages.freePlanBulk} />}
    >
      {preview && <ImportPreviewTable key={csv.idempotencyKey} preview={preview} />}
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
    </CsvUploadDialog>
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
