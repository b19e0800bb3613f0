import { fromReferenceRect, REFERENCE_PAGE, SIGNATURE_BLOCK, type SignatureField } from '@crewpay/core';
import type { PageGeometry } from './pdf-page.tsx';

const round = (value: number) => Math.round(value * 100) / 100;

/** A block's rectangle on screen, in pixels from the page's top left. */
export function blockPixels(field: Pick<SignatureField, 'x' | 'y' | 'width' | 'height'>, geometry: PageGeometry) {
  const rect = fromReferenceRect(field, { width: geometry.widthPts, height: geometry.heightPts });
  return {
    left: rect.x * geometry.scale,
    top: rect.y * geometry.scale,
    width: rect.width * geometry.scale,
    height: rect.height * geometry.scale,
  };
}

/**
 * Where a block dropped at (left, top) pixels of the page lands in 612x792 reference points,
 * kept whole on the page; null when the drop point is off the page (the block is removed).
 */
export function dropPosition(options: {
  left: number;
  top: number;
  pointerX: number;
  pointerY: number;
  pageRect: DOMRect;
  geometry: PageGeometry;
}) {
  const { pageRect, geometry } = options;
  const isOnPage =
    options.pointerX >= pageRect.left &&
    options.pointerX <= pageRect.right &&
    options.pointerY >= pageRect.top &&
    options.pointerY <= pageRect.bottom;
  if (!isOnPage) return null;
  const x = ((options.left / geometry.scale) * REFERENCE_PAGE.width) / geometry.widthPts;
  const y = ((options.top / geometry.scale) * REFERENCE_PAGE.height) / geometry.heightPts;
  return clampToPage({ x, y });
}

/** The next free api_id number (signature_field_{n}). */
export function nextFieldNumber(fields: SignatureField[]): number {
  return fields.reduce((max, field) => Math.max(max, Number(field.api_id.replace('signature_field_', '')) || 0), 0) + 1;
}

export function newField(n: number, page: number, position: { x: number; y: number }): SignatureField {
  return {
    ...position,
    type: 'signature',
    width: SIGNATURE_BLOCK.width,
    height: SIGNATURE_BLOCK.height,
    required: true,
    signer: 0,
    api_id: `signature_field_${n}`,
    page,
  };
}

/** Keeps a block whole on the 612x792 reference page. */
function clampToPage(position: { x: number; y: number }) {
  return {
    x: round(Math.min(Math.max(position.x, 0), REFERENCE_PAGE.width - SIGNATURE_BLOCK.width)),
    y: round(Math.min(Math.max(position.y, 0), REFERENCE_PAGE.height - SIGNATURE_BLOCK.height)),
  };
}

/** A block moved by (dx, dy) reference points, by the arrow keys, kept on the page. */
export function nudged(field: SignatureField, dx: number, dy: number): SignatureField {
  return { ...field, ...clampToPage({ x: field.x + dx, y: field.y + dy }) };
}

/** One inch in from the left and the bottom: where a signature usually goes. */
const DEFAULT_SPOT = { x: 72, y: REFERENCE_PAGE.height - 72 - SIGNATURE_BLOCK.height };

/**
 * Where "Add signature block" puts a new block on `page`: the default spot, or as far above it as
 * the blocks already there need, so a new block never hides under another.
 */
export function defaultPosition(fields: SignatureField[], page: number): { x: number; y: number } {
  const taken = fields.filter((field) => field.page === page);
  const step = SIGNATURE_BLOCK.height + 8;
  for (let y = DEFAULT_SPOT.y; y >= 0; y -= step) {
    const overlaps = taken.some((field) => Math.abs(field.y - y) < step && Math.abs(field.x - DEFAULT_SPOT.x) < SIGNATURE_BLOCK.width);
    if (!overlaps) return { x: DEFAULT_SPOT.x, y };
  }
  return DEFAULT_SPOT;
}
