import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { fromReferenceRect, type SignatureField } from '@crewpay/core';
import { usePdfDocument } from './pdf-document.ts';
import { PdfPage } from './pdf-page.tsx';
import { PdfPager } from './pdf-pager.tsx';

/** A read-only PDF with Back / Next, optionally showing where the signature blocks are. */
export function PdfViewer({ bytes, fields = [], width = 612 }: { bytes: ArrayBuffer | null; fields?: SignatureField[]; width?: number }) {
  const { document, error } = usePdfDocument(bytes);
  // The signer opens on the page of the first signature block, not on page 1 when the block is further on.
  const [page, setPage] = useState(() => (fields.length ? Math.min(...fields.map((field) => field.page)) : 1));
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!document) return <CircularProgress aria-label="Loading the document" sx={{ mx: 'auto', display: 'block' }} />;
  const current = Math.min(page, document.numPages);
  return (
    <Stack spacing={1}>
      <PdfPage
        document={document}
        pageNumber={current}
        width={width}
        overlay={(geometry) =>
          fields
            .filter((field) => field.page === current)
            .map((field) => {
              const rect = fromReferenceRect(field, { width: geometry.widthPts, height: geometry.heightPts });
              return (
                <div
                  key={field.api_id}
                  data-testid="signature-block"
                  style={{
                    position: 'absolute',
                    left: rect.x * geometry.scale,
                    top: rect.y * geometry.scale,
                    width: rect.width * geometry.scale,
                    height: rect.height * geometry.scale,
                    border: '1px dashed #1565c0',
                    background: 'rgba(21, 101, 192, 0.12)',
                  }}
                />
              );
            })
        }
      />
      <PdfPager page={current} pageCount={document.numPages} onPage={setPage} />
    </Stack>
  );
}
