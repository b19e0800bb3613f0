import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** A page's size in PDF points and the screen pixels per point it is drawn at. */
export type PageGeometry = { widthPts: number; heightPts: number; scale: number };

type Props = {
  document: PDFDocumentProxy;
  pageNumber: number;
  /** Width on screen, in CSS pixels. */
  width: number;
  /** Drawn over the page (signature blocks), given the page's geometry. */
  overlay?: (geometry: PageGeometry) => ReactNode;
  overlayRef?: (element: HTMLDivElement | null, geometry: PageGeometry | null) => void;
};

/** One page rendered by pdf.js onto a canvas (sharp on high-density screens), with an overlay layer of the same size. */
export function PdfPage({ document, pageNumber, width, overlay, overlayRef }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [geometry, setGeometry] = useState<PageGeometry | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let cancel = () => {};
    void document.getPage(pageNumber).then((page) => {
      if (!isCurrent || !canvasRef.current) return;
      const base = page.getViewport({ scale: 1 });
      const scale = width / base.width;
      const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
      const canvas = canvasRef.current;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${base.height * scale}px`;
      const task = page.render({ canvas, viewport });
      cancel = () => task.cancel();
      task.promise.catch(() => undefined);
      setGeometry({ widthPts: base.width, heightPts: base.height, scale });
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [document, pageNumber, width]);

  return (
    <Box sx={{ position: 'relative', width, boxShadow: 2, bgcolor: 'white', mx: 'auto' }}>
      <canvas ref={canvasRef} aria-label={`Page ${pageNumber}`} style={{ display: 'block' }} />
      {geometry && (
        <Box
          data-testid="pdf-page-overlay"
          ref={(element: HTMLDivElement | null) => overlayRef?.(element, geometry)}
          sx={{ position: 'absolute', inset: 0 }}
        >
          {overlay?.(geometry)}
        </Box>
      )}
    </Box>
  );
}
