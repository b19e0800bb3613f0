import { useState } from 'react';
import Button from '@mui/material/Button';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { UploadPaymentsDialog } from './upload-payments-dialog.tsx';

/** /payments' Upload CSV: many draft payments from one file. */
export function UploadCsvButton() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setOpen(true)}>
        Upload CSV
      </Button>
      <UploadPaymentsDialog isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
