import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIGNATURE_BLOCK, type SignatureField } from '@crewpay/core';
import { blockPixels, dropPosition, newField, nextFieldNumber } from './block-geometry.ts';
import { usePdfDocument } from './pdf-document.ts';
import { PdfPage, type PageGeometry } from './pdf-page.tsx';
import { PdfPager } from './pdf-pager.tsx';
import { SignatureBlock } from './signature-block.tsx';

type Drag = { source: 'spare' | string; offsetX: number; offsetY: number; x: number; y: number };
type Props = { bytes: ArrayBuffer; fields: SignatureField[]; onChange: (fields: SignatureField[]) => void; width?: number };

/**
 * The document with its signature blocks: drag the spare block from the panel onto the page,
 * move placed blocks, drop one off the page (or press its remove icon) to remove it.
 * Plain pointer events, so mouse, pen and touch all work.
 */
export function BlockEditor({ bytes, fields, onChange, width = 612 }: Props) {
  const { document, error } = usePdfDocument(bytes);
  const [page, setPage] = useState(1);
  const [drag, setDrag] = useState<Drag | null>(null);
  const pageRef = useRef<{ element: HTMLDivElement | null; geometry: PageGeometry | null }>({ element: null, geometry: null });
  const latest = useRef({ fields, onChange, page });
  latest.current = { fields, onChange, page };

  useEffect(() => {
    if (!drag) return;
    const move = (event: PointerEvent) => setDrag((current) => current && { ...current, x: event.clientX, y: event.clientY });
    const drop = (event: PointerEvent) => {
      setDrag(null);
      const { element, geometry } = pageRef.current;
      const { fields: current, onChange: change, page: currentPage } = latest.current;
      const rest = current.filter((field) => field.api_id !== drag.source);
      const position =
        element && geometry
          ? dropPosition({
              left: event.clientX - drag.offsetX - element.getBoundingClientRect().left,
              top: event.clientY - drag.offsetY - element.getBoundingClientRect().top,
              pointerX: event.clientX,
              pointerY: event.clientY,
              pageRect: element.getBoundingClientRect(),
              geometry,
            })
          : null;
      if (!position) {
        // Dropped off the page: a placed block is removed, the spare goes back to the panel.
        if (drag.source !== 'spare') change(rest);
        return;
      }
      const moved = current.find((field) => field.api_id === drag.source);
      change([...rest, moved ? { ...moved, ...position, page: currentPage } : newField(nextFieldNumber(current), currentPage, position)]);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', drop, { once: true });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', drop);
    };
  }, [drag]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!document) return <CircularProgress aria-label="Loading the document" sx={{ mx: 'auto', display: 'block' }} />;
  const current = Math.min(page, document.numPages);
  const startDrag = (source: string) => (event: React.PointerEvent<HTMLElement>) => {
    event.preventDefault();
    const rect = event.currentTarget.getBoundingClientRect();
    setDrag({ source, offsetX: event.clientX - rect.left, offsetY: event.clientY - rect.top, x: event.clientX, y: event.clientY });
  };
  const geometry = pageRef.current.geometry;
  const ghost = geometry
    ? blockPixels({ x: 0, y: 0, ...SIGNATURE_BLOCK }, geometry)
    : { width: SIGNATURE_BLOCK.width, height: SIGNATURE_BLOCK.height };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <PdfPage
          document={document}
          pageNumber={current}
          width={width}
          overlayRef={(element, pageGeometry) => {
            pageRef.current = { element, geometry: pageGeometry };
          }}
          overlay={(pageGeometry) =>
            fields
              .filter((field) => field.page === current && field.api_id !== drag?.source)
              .map((field) => (
                <SignatureBlock
                  key={field.api_id}
                  label={field.api_id}
                  style={{ position: 'absolute', ...blockPixels(field, pageGeometry) }}
                  onPointerDown={startDrag(field.api_id)}
                  onRemove={() => onChange(fields.filter((other) => other.api_id !== field.api_id))}
                />
              ))
          }
        />
        <PdfPager page={current} pageCount={document.numPages} onPage={setPage} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 200 } }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          Signature blocks
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Drag to add
        </Typography>
        <Box sx={{ height: ghost.height + 8 }}>
          {drag?.source !== 'spare' && (
            <SignatureBlock
              label="Spare signature block"
              style={{ width: ghost.width, height: ghost.height }}
              onPointerDown={startDrag('spare')}
            />
          )}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {fields.length} placed
        </Typography>
      </Paper>
      {drag && (
        <SignatureBlock
          label="Dragged signature block"
          style={{
            position: 'fixed',
            left: drag.x - drag.offsetX,
            top: drag.y - drag.offsetY,
            width: ghost.width,
            height: ghost.height,
            zIndex: 2000,
            pointerEvents: 'none',
          }}
        />
      )}
    </Stack>
  );
}
