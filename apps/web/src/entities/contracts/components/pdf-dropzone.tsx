import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { contractMessages, MAX_CONTRACT_PDF_BYTES } from '@crewpay/core';

export type ChosenPdf = { file: File; bytes: ArrayBuffer };

/** Reads a chosen file and keeps it only if it is a PDF (by its first bytes) under 25 MB; the server checks again. */
async function readPdf(file: File): Promise<ChosenPdf | null> {
  if (file.size === 0 || file.size > MAX_CONTRACT_PDF_BYTES) return null;
  const bytes = await file.arrayBuffer();
  const header = new TextDecoder('latin1').decode(bytes.slice(0, 5));
  return header === '%PDF-' ? { file, bytes } : null;
}

type Props = { value: ChosenPdf | null; onChange: (pdf: ChosenPdf | null) => void; label?: string };

/** Drag a PDF here or choose one; shows the chosen file's name. */
export function PdfDropzone({ value, onChange, label = 'Drag and drop a PDF here' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = async (file: File | undefined) => {
    if (!file) return;
    const pdf = await readPdf(file);
    setError(pdf ? null : contractMessages.badPdf);
    onChange(pdf);
  };
  return (
    <Box>
      <Box
        data-testid="pdf-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void take(event.dataTransfer.files[0]);
        }}
        sx={{
          border: '2px dashed',
          borderColor: error ? 'error.main' : isOver ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          bgcolor: isOver ? 'action.hover' : 'transparent',
        }}
      >
        <UploadFileIcon color="action" />
        <Typography variant="body2" sx={{ mb: 1 }}>
          {value ? value.file.name : label}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => input.current?.click()}>
          {value ? 'Choose another PDF' : 'Choose a PDF'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="PDF file"
          onChange={(event) => {
            void take(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
