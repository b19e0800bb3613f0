import { useRef, type CSSProperties, type KeyboardEvent, type PointerEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import type { SignatureField } from '@crewpay/core';

const look = {
  border: '1px solid',
  borderColor: 'primary.main',
  bgcolor: 'rgba(79, 70, 229, 0.15)',
  color: 'primary.dark',
  fontSize: 9,
  lineHeight: 1,
  display: 'flex',
  alignItems: 'center',
  pl: 0.5,
  cursor: 'grab',
  touchAction: 'none',
  userSelect: 'none',
  boxSizing: 'border-box',
  overflow: 'hidden',
} as const;

type BoxProps = { label?: string; style: CSSProperties; onPointerDown?: (event: PointerEvent<HTMLElement>) => void };

/** The panel's spare block (dragged onto the page) or, with no label, the copy that follows the pointer. */
export function SignatureBlockBox({ label, style, onPointerDown }: BoxProps) {
  return (
    <Box
      role={label ? 'button' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      onPointerDown={onPointerDown}
      style={style}
      sx={look}
    >
      Signature
    </Box>
  );
}

/** "Signature block 3" for signature_field_3: what a person hears and reads. */
export const blockName = (field: Pick<SignatureField, 'api_id'>) => `Signature block ${field.api_id.replace('signature_field_', '')}`;

/** Reference points an arrow key moves a block; with Shift, ten times as far. */
const STEP = 4;
const BIG_STEP = 40;
const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

type PlacedProps = {
  field: SignatureField;
  /** Its place and size on the page, in pixels. */
  rect: { left: number; top: number; width: number; height: number };
  /** The id of the text telling how the keys work. */
  describedBy: string;
  blockRef?: Ref<HTMLDivElement> | undefined;
  /** Starts a drag of the block, from the block or its handle (`block` gives the block itself). */
  onPointerDown: (block: () => HTMLElement | null) => (event: PointerEvent<HTMLElement>) => void;
  onNudge: (dx: number, dy: number) => void;
  onRemove: (byKeyboard: boolean) => void;
};

/**
 * A placed block: a tab stop that the arrow keys move (Shift for bigger steps) and Delete or
 * Backspace removes; above it a 24 px drag handle and a 24 px remove button, targets large
 * enough for a finger (WCAG 2.5.8), where the block itself may be drawn a few pixels tall.
 */
export function PlacedSignatureBlock({ field, rect, describedBy, blockRef, onPointerDown, onNudge, onRemove }: PlacedProps) {
  const element = useRef<HTMLDivElement | null>(null);
  const name = blockName(field);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? BIG_STEP : STEP;
      onNudge(arrow[0] * step, arrow[1] * step);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(true);
    }
  };
  const setRefs = (node: HTMLDivElement | null) => {
    element.current = node;
    if (typeof blockRef === 'function') blockRef(node);
  };
  return (
    <Box style={{ position: 'absolute', ...rect }}>
      <Box
        ref={setRefs}
        role="button"
        tabIndex={0}
        aria-label={name}
        aria-describedby={describedBy}
        data-testid="placed-signature-block"
        onPointerDown={onPointerDown(() => element.current)}
        onKeyDown={onKeyDown}
        sx={{ ...look, width: '100%', height: '100%' }}
      >
        Signature
      </Box>
      <Box sx={{ position: 'absolute', left: 0, bottom: '100%', mb: '2px', display: 'flex', gap: '2px' }}>
        <Box
          aria-hidden
          data-testid="signature-block-handle"
          title={`Drag ${name}`}
          onPointerDown={onPointerDown(() => element.current)}
          sx={{ ...handleLook, cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon sx={{ fontSize: 18 }} />
        </Box>
        <IconButton
          aria-label={`Remove ${name}`}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => onRemove(false)}
          sx={handleLook}
        >
          <CloseIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Box>
    </Box>
  );
}

const handleLook = {
  width: 24,
  height: 24,
  p: 0,
  display: 'grid',
  placeItems: 'center',
  borderRadius: 1,
  border: 1,
  borderColor: 'primary.main',
  bgcolor: 'background.paper',
  color: 'primary.dark',
  '&:hover': { bgcolor: 'background.paper' },
} as const;
