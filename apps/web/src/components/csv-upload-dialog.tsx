import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { asCsvFile } from '../lib/csv-file.ts';

type PreviewOptions<TPreview> = {
  /** Asks the server what the file holds; nothing is created yet. */
  read: (file: File) => Promise<TPreview>;
  /** The refusal of a file that is not text/csv, by the type it declared. */
  notCsv: (type: string) => string;
  /** What else a newly chosen file clears (the last one's answer). */
  onChoose?: () => void;
};

/**
 * The chosen CSV file and the server's preview of it. A file that is not text/csv (after
 * asCsvFile) is refused by its type and nothing is sent. Each file read is a new import: its own
 * idempotency key, so a fixed file is not answered with the last one's result.
 */
export function useCsvPreview<TPreview>({ read, notCsv, onChoose }: PreviewOptions<TPreview>) {
  const [file, setFile] = useState<File | null>(null);
  const [typeError, setTypeError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  const choose = async (chosen: File | undefined) => {
    onChoose?.();
    setPreview(null);
    if (!chosen) return;
    const csv = asCsvFile(chosen);
    const isCsv = csv.type === 'text/csv';
    setTypeError(isCsv ? null : notCsv(chosen.type || 'unknown'));
    setFile(isCsv ? csv : null);
    if (!isCsv) return;
    setIdempotencyKey(crypto.randomUUID());
    setPreview(await read(csv));
  };
  /** Forgets the file, its refusal and its preview. */
  const clear = () => {
    setFile(null);
    setTypeError(null);
    setPreview(null);
  };
  return { file, typeError, preview, idempotencyKey, choose, clear };
}

type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  description: ReactNode;
  /** The file chosen, its refusal and its preview. */
  csv: Pick<ReturnType<typeof useCsvPreview>, 'file' | 'typeError' | 'preview' | 'choose'>;
  /** The file button: spinning while the file is read, or disabled while anything is sent. */
  picker: { isLoading?: boolean; isDisabled?: boolean };
  /** Shown under the file's name, above its refusal: what is being sent. */
  progress?: ReactNode;
  /** The preview and what follows it. */
  children: ReactNode;
  actions: ReactNode;
  /** Dialogs opened over this one. */
  nested?: ReactNode;
};

/** A CSV upload dialog: what the file must hold, the file button, its name or refusal, then the preview and the actions. */
export function CsvUploadDialog(props: DialogProps) {
  const { isOpen, onClose, titleId, title, description, csv, picker } = props;
  return (
    <Dialog open={isOpen} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>
        <Button
          component="label"
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          loading={picker.isLoading}
          disabled={picker.isDisabled}
        >
          {csv.preview ? 'Choose another file' : 'Choose CSV file'}
          <input
            hidden
            type="file"
            accept="text/csv,.csv"
            aria-label="CSV file"
            onChange={(event) => {
              void csv.choose(event.target.files?.[0]).catch(() => undefined);
              // The same file name, fixed and chosen again, must be read again.
              event.target.value = '';
            }}
          />
        </Button>
        {csv.file && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {csv.file.name}
          </Typography>
        )}
        {props.progress}
        {csv.typeError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {csv.typeError}
          </Alert>
        )}
        {props.children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>{props.actions}</DialogActions>
      {props.nested}
    </Dialog>
  );
}
