import { useState } from 'react';
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

/** The editor as a form holds it: every change is kept and drawn again. */
async function renderControlled(initial: SignatureField[]) {
  const seen: { fields: SignatureField[] } = { fields: initial };
  function Form() {
    const [fields, setFields] = useState(initial);
    seen.fields = fields;
    return <BlockEditor bytes={new ArrayBuffer(8)} fields={fields} onChange={setFields} width={WIDTH} />;
  }
  render(<Form />);
  await screen.findByTestId('pdf-page-overlay');
  return seen;
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
    const block = screen.getByRole('button', { name: 'Signature block 1' });
    expect(block.parentElement?.style.left).toBe('190px');
    expect(block.parentElement?.style.top).toBe('196px');
    placeOnScreen(block, { left: 290, top: 246 });
    drag(block, { x: 292, y: 248 }, { x: 152, y: 102 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 100, 100)]);
  });

  it('keeps a block whole on the page when dropped at its edge', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 10, 10)]);
    const block = screen.getByRole('button', { name: 'Signature block 1' });
    placeOnScreen(block, { left: 105, top: 55 });
    drag(block, { x: 107, y: 57 }, { x: 405, y: 445 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 532, 776)]);
  });

  it('removes a block dropped off the page, or by its remove button', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 10, 10), placed('signature_field_2', 200, 300)]);
    const block = screen.getByRole('button', { name: 'Signature block 1' });
    placeOnScreen(block, { left: 105, top: 55 });
    drag(block, { x: 107, y: 57 }, { x: 20, y: 20 });
    expect(onChange).toHaveBeenLastCalledWith([placed('signature_field_2', 200, 300)]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Signature block 2' }));
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

  it('adds a block from the keyboard on the page shown, one inch in from the bottom left, focused and announced', async () => {
    const seen = await renderControlled([]);
    screen.getByRole('button', { name: 'Add signature block' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(seen.fields).toEqual([placed('signature_field_1', 72, 704)]);
    const block = await screen.findByRole('button', { name: 'Signature block 1' });
    expect(document.activeElement).toBe(block);
    expect(screen.getByRole('status').textContent).toBe(
      'Added Signature block 1 at 72 points from the left, 704 from the top of page 1. Use the arrow keys to move it.',
    );
    // A second one goes above the first, not under it.
    screen.getByRole('button', { name: 'Add signature block' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(seen.fields.at(-1)).toEqual(placed('signature_field_2', 72, 680));
  });

  it('moves the focused block with the arrow keys, ten times further with Shift, never off the page', async () => {
    const seen = await renderControlled([placed('signature_field_1', 10, 10)]);
    screen.getByRole('button', { name: 'Signature block 1' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(seen.fields).toEqual([placed('signature_field_1', 14, 14)]);
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(seen.fields).toEqual([placed('signature_field_1', 14, 54)]);
    expect(screen.getByRole('status').textContent).toBe('Signature block 1 at 14 points from the left, 54 from the top of page 1.');
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowUp}{ArrowUp}{/Shift}');
    expect(seen.fields).toEqual([placed('signature_field_1', 0, 0)]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Signature block 1' }));
  });

  it('removes the focused block with Delete or Backspace and gives the focus to Add signature block', async () => {
    const seen = await renderControlled([placed('signature_field_1', 10, 10), placed('signature_field_2', 200, 300)]);
    screen.getByRole('button', { name: 'Signature block 2' }).focus();
    await userEvent.keyboard('{Delete}');
    expect(seen.fields).toEqual([placed('signature_field_1', 10, 10)]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add signature block' }));
    expect(screen.getByRole('status').textContent).toBe('Removed Signature block 2; 1 left.');
    screen.getByRole('button', { name: 'Signature block 1' }).focus();
    await userEvent.keyboard('{Backspace}');
    expect(seen.fields).toEqual([]);
  });

  it('drags a block by its handle, the block keeping its distance to the pointer', async () => {
    const { onChange } = await renderEditor([placed('signature_field_1', 10, 10)]);
    placeOnScreen(screen.getByRole('button', { name: 'Signature block 1' }), { left: 105, top: 55 });
    // Grabbed 2 px right of the block's corner and 15 px above it (the handle sits above the block).
    drag(screen.getByTestId('signature-block-handle'), { x: 107, y: 40 }, { x: 152, y: 87 });
    expect(onChange).toHaveBeenCalledWith([placed('signature_field_1', 100, 104)]);
  });
});
