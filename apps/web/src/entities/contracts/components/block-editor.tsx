import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { SIGNATURE_BLOCK, type SignatureField } from '@crewpay/core';
import { visuallyHidden } from '../../../components/visually-hidden.ts';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';
import { blockPixels, defaultPosition, newField, nextFieldNumber, nudged } from './block-geometry.ts';
import { usePdfDocument } from './pdf-document.ts';
import { PdfPage } from './pdf-page.tsx';
import { PdfPager } from './pdf-pager.tsx';
import { blockName, PlacedSignatureBlock, SignatureBlockBox } from './signature-block.tsx';
import { useBlockDrag } from './use-block-drag.ts';

type Props = { bytes: ArrayBuffer; fields: SignatureField[]; onChange: (fields: SignatureField[]) => void; width?: number };

const where = (field: SignatureField) =>
  `${Math.round(field.x)} points from the left, ${Math.round(field.y)} from the top of page ${field.page}`;

/**
 * The document with its signature blocks. With a pointer (mouse, pen, touch): drag the spare
 * block from the panel onto the page, move placed blocks by themselves or their handle, drop one
 * off the page (or press its remove button) to remove it. With the keyboard: "Add signature
 * block" places one on the page shown and focuses it; the arrow keys move it, Delete removes it.
 * Every change is announced in a live region.
 */
export function BlockEditor({ bytes, fields, onChange, width = 612 }: Props) {
  const { document, error } = usePdfDocument(bytes);
  const [page, setPage] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  // The block a keyboard action created, which takes the focus once drawn.
  const [focusId, setFocusId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const instructionsId = useId();
  const current = Math.min(page, document?.numPages ?? 1);
  const { drag, pageRef, startDrag } = useBlockDrag({
    fields,
    page: current,
    onChange,
    onDropped: (field, source) =>
      setAnnouncement(
        field
          ? `${source === 'spare' ? 'Added' : 'Moved'} ${blockName(field)} to ${where(field)}.`
          : source === 'spare'
            ? 'No block added.'
            : `Removed ${blockName({ api_id: source })}.`,
      ),
  });

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!document) return <CircularProgress aria-label="Loading the document" sx={{ mx: 'auto', display: 'block' }} />;

  const add = () => {
    const field = newField(nextFieldNumber(fields), current, defaultPosition(fields, current));
    onChange([...fields, field]);
    setFocusId(field.api_id);
    setAnnouncement(`Added ${blockName(field)} at ${where(field)}. Use the arrow keys to move it.`);
  };
  const move = (field: SignatureField, dx: number, dy: number) => {
    const moved = nudged(field, dx, dy);
    onChange(fields.map((other) => (other.api_id === field.api_id ? moved : other)));
    setAnnouncement(`${blockName(field)} at ${where(moved)}.`);
  };
  const remove = (field: SignatureField, byKeyboard: boolean) => {
    onChange(fields.filter((other) => other.api_id !== field.api_id));
    setAnnouncement(`Removed ${blockName(field)}; ${fields.length - 1} left.`);
    // The focused block is gone: the focus goes to where the next one can be added, not to <body>.
    if (byKeyboard) addButton.current?.focus();
  };
  const geometry = pageRef.current.geometry;
  const ghost = geometry
    ? blockPixels({ x: 0, y: 0, ...SIGNATURE_BLOCK }, geometry)
    : { width: SIGNATURE_BLOCK.width, height: SIGNATURE_BLOCK.height };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', md: 'flex-start' } }}>
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
                <PlacedSignatureBlock
                  key={field.api_id}
                  field={field}
                  rect={blockPixels(field, pageGeometry)}
                  describedBy={instructionsId}
                  blockRef={field.api_id === focusId ? focusOnMount : undefined}
                  onPointerDown={(block) => startDrag(field.api_id, block)}
                  onNudge={(dx, dy) => move(field, dx, dy)}
                  onRemove={(byKeyboard) => remove(field, byKeyboard)}
                />
              ))
          }
        />
        <PdfPager page={current} pageCount={document.numPages} onPage={setPage} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, width: { xs: 'auto', md: 200 }, flexShrink: 0 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Signature blocks
        </Typography>
        <Typography id={instructionsId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Drag one onto the page, or add one and move it with the arrow keys (Shift for bigger steps); Delete removes it.
        </Typography>
        <Box sx={{ height: ghost.height + 8 }}>
          {drag?.source !== 'spare' && (
            <SignatureBlockBox
              label="Spare signature block"
              style={{ width: ghost.width, height: ghost.height }}
              onPointerDown={startDrag('spare')}
            />
          )}
        </Box>
        <Button ref={addButton} variant="outlined" size="small" startIcon={<AddRounded />} onClick={add} sx={{ mb: 1 }}>
          Add signature block
        </Button>
        <Typography variant="caption" color="text.secondary" component="p">
          {fields.length} placed
        </Typography>
      </Paper>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {drag && (
        <SignatureBlockBox
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
