import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignatureField } from '@crewpay/core';
import { BlockEditor } from './block-editor.tsx';

// pdf.js needs a worker and a canvas, which jsdom has not: a two-page US Letter document stands
// in for it. Everything from the page's geometry on is the real code.
vi.mock('./pdf-document.ts', () => {
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
  };
  const document = { numPages: 2, getPage: () => Promise.resolve(page) };
  return { usePdfDocument: () => ({ document, error: null }) };
});

// Drawn at 306 px wide: half a point per pixel, so every position below is scaled.
const WIDTH = 306;
const PAGE_RECT = { left: 100, top: 50, width: 306, height: 396 };

const rect = ({ left, top, width = 40, height = 8 }: { left: number; top: number; width?: number; height?: number }) =>
  ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) }) as DOMRect;

/** Puts the page and a block where a browser would have laid them out. */
function placeOnScreen(element: HTMLElement, at: Parameters<typeof rect>[0]) {
  element.getBoundingClientRect = () => rect(at);
}

async function renderEditor(fields: SignatureField[]) {
  const onChange = vi.fn<(fields: SignatureField[]) => void>();
  const view = render(<BlockEditor bytes={new ArrayBuffer(8)} fields={fields} onChange={onChange} width={WIDTH} />);
  placeOnScreen(await screen.findByTestId('pdf-page-overlay'), PAGE_RECT);
  return { onChange, view };
}

function drag(block: HTMLElement, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.pointerDown(block, { clientX: from.x, clientY: from.y });
  fireEvent.pointerMove(window, { clientX: to.x, clientY: to.y });
  fireEvent.pointerUp(window, { clientX: to.x, clientY: to.y });
}

const placed = (api_id: string, x: number, y: number, page = 1): SignatureField => ({
  api_id,
  x,
  y,
  page,
  type: 'signature',
  width: 80,
  height: 16,
  required: true,
  signer: 0,
});

describe('BlockEditor (signature blocks on a contract)', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    Object.defineProperty(document, 'fonts', { value: { ready: Promise.resolve() }, configurable: true });
  });
  afterEach(() => vi.restoreAllMocks());

  it('places the spare block where it is dropped, in page points', async () => {
    const { onChange } = await renderEditor([]);
    const spare = screen.getByRole('button', { name: 'Spare signature block' });
    placeOnScreen(spare, { left: 500, top: 100 });
    // Grabbed 10 px in and 4 px down; dropped with its corner 190 px right and 196 px down the page.
    drag(spare, { x: 510, y: 104 }, { x: 300, y: 250 });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 380, 392)]);
  });

  it('numbers a new block after the highest placed one, on the page shown', async () => {
    const { onChange } = await renderEditor([placed('signature_field_3', 10, 10)]);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    placeOnScreen(await screen.findByTestId('pdf-page-overlay'), PAGE_RECT);
    const spare = screen.getByRole('button', { name: 'Spare signature block' });
    placeOnScreen(spare, { left: 500, top: 100 });
    drag(spare, { x: 500, y: 100 }, { x: 150, y: 100 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_3', 10, 10), placed('signature_field_4', 100, 100, 2)]);
  });

  it('moves a placed block, keeping its name', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 380, 392)]);
    const block = screen.getByRole('button', { name: 'signature_field_1' });
    expect(block.style.left).toBe('190px');
    expect(block.style.top).toBe('196px');
    placeOnScreen(block, { left: 290, top: 246 });
    drag(block, { x: 292, y: 248 }, { x: 152, y: 102 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 100, 100)]);
  });

  it('keeps a block whole on the page when dropped at its edge', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 10, 10)]);
    const block = screen.getByRole('button', { name: 'signature_field_1' });
    placeOnScreen(block, { left: 105, top: 55 });
    drag(block, { x: 107, y: 57 }, { x: 405, y: 445 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 532, 776)]);
  });

  it('removes a block dropped off the page, or by its remove button', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 10, 10), placed('signature_field_2', 200, 300)]);
    const block = screen.getByRole('button', { name: 'signature_field_1' });
    placeOnScreen(block, { left: 105, top: 55 });
    drag(block, { x: 107, y: 57 }, { x: 20, y: 20 });
    expect(onChange).toHaveBeenLastCalledWith([placed('signature_field_2', 200, 300)]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove signature_field_2' }));
    expect(onChange).toHaveBeenLastCalledWith([placed('signature_field_1', 10, 10)]);
  });

  it('puts the spare back when it is dropped off the page', async () => {
    const { onChange } = await renderEditor([]);
    const spare = screen.getByRole('button', { name: 'Spare signature block' });
    placeOnScreen(spare, { left: 500, top: 100 });
    drag(spare, { x: 505, y: 105 }, { x: 700, y: 600 });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Spare signature block' })).toBeTruthy();
  });
});
