import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width something drawn at `maxWidth` CSS px may take inside the element `ref` is put on: the
 * element's own width when narrower (a phone), measured before the first paint and again whenever
 * it is resized. An element not laid out (0 wide, as in jsdom) leaves `maxWidth`.
 */
export function useFittedWidth<T extends HTMLElement>(maxWidth: number) {
  const ref = useRef<T>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setAvailable(element.clientWidth || null);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width: available === null ? maxWidth : Math.min(maxWidth, Math.floor(available)) };
}
