import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { SignatureField } from '@crewpay/core';
import { dropPosition, newField, nextFieldNumber } from './block-geometry.ts';
import type { PageGeometry } from './pdf-page.tsx';

type Drag = { source: 'spare' | string; offsetX: number; offsetY: number; x: number; y: number };
type PageRef = { element: HTMLDivElement | null; geometry: PageGeometry | null };
type Options = {
  fields: SignatureField[];
  page: number;
  onChange: (fields: SignatureField[]) => void;
  /** Where the dragged block landed, or null off the page (a placed block `source` is then removed). */
  onDropped: (field: SignatureField | null, source: string) => void;
};

/**
 * Dragging a block with the pointer (mouse, pen, touch): from the panel's spare onto the page, or
 * a placed block elsewhere; dropped off the page, a placed block is removed and the spare goes
 * back.
 */
export function useBlockDrag({ fields, page, onChange, onDropped }: Options) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const pageRef = useRef<PageRef>({ element: null, geometry: null });
  const latest = useRef({ fields, onChange, page, onDropped });
  latest.current = { fields, onChange, page, onDropped };

  useEffect(() => {
    if (!drag) return;
    const move = (event: PointerEvent) => setDrag((current) => current && { ...current, x: event.clientX, y: event.clientY });
    const drop = (event: PointerEvent) => {
      setDrag(null);
      const { element, geometry } = pageRef.current;
      const { fields: current, onChange: change, page: currentPage, onDropped: tell } = latest.current;
      const rest = current.filter((field) => field.api_id !== drag.source);
      const rect = element?.getBoundingClientRect();
      const position =
        rect && geometry
          ? dropPosition({
              left: event.clientX - drag.offsetX - rect.left,
              top: event.clientY - drag.offsetY - rect.top,
              pointerX: event.clientX,
              pointerY: event.clientY,
              pageRect: rect,
              geometry,
            })
          : null;
      if (!position) {
        if (drag.source !== 'spare') change(rest);
        tell(null, drag.source);
        return;
      }
      const moved = current.find((field) => field.api_id === drag.source);
      const placed = moved ? { ...moved, ...position, page: currentPage } : newField(nextFieldNumber(current), currentPage, position);
      change([...rest, placed]);
      tell(placed, drag.source);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', drop, { once: true });
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', drop);
    };
  }, [drag]);

  /** The pointerdown of a block or its handle: `block` gives the block, whose corner keeps its distance to the pointer. */
  const startDrag = (source: string, block?: () => HTMLElement | null) => (event: ReactPointerEvent<HTMLElement>) => {
    event.preventDefault();
    const rect = (block?.() ?? event.currentTarget).getBoundingClientRect();
    setDrag({ source, offsetX: event.clientX - rect.left, offsetY: event.clientY - rect.top, x: event.clientX, y: event.clientY });
  };

  return { drag, pageRef, startDrag };
}
