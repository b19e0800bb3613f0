import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useFittedWidth } from '../../../lib/use-fitted-width.ts';

/** A page's size in PDF points and the screen pixels per point it is drawn at. */
export type PageGeometry = { widthPts: number; heightPts: number; scale: number };

type Props = {
  document: PDFDocumentProxy;
  pageNumber: number;
  /** Width on screen, in CSS pixels, at most: narrower where the space is (a phone). */
  width: number;
  /** Drawn over the page (signature blocks), given the page's geometry. */
  overlay?: (geometry: PageGeometry) => ReactNode;
  overlayRef?: (element: HTMLDivElement | null, geometry: PageGeometry | null) => void;
};

/**
 * Draws a page off screen and shows it only once pdf.js has finished (its promise settles after
 * the fonts are loaded and the text is drawn), so the page never appears half drawn: without
 * text at first, or blank while a new width is being drawn.
 */
async function drawPage(page: PDFPageProxy, target: HTMLCanvasElement, width: number, onTask: (cancel: () => void) => void) {
  const base = page.getViewport({ scale: 1 });
  const scale = width / base.width;
  const viewport = page.getViewport({ scale: scale * window.devicePixelRatio });
  // The page takes its place at once (its CSS size); its pixels are replaced only when complete.
  target.style.width = `${width}px`;
  target.style.height = `${base.height * scale}px`;
  const offscreen = window.document.createElement('canvas');
  offscreen.width = Math.floor(viewport.width);
  offscreen.height = Math.floor(viewport.height);
  const task = page.render({ canvas: offscreen, viewport });
  onTask(() => task.cancel());
  await task.promise;
  await window.document.fonts.ready;
  target.width = offscreen.width;
  target.height = offscreen.height;
  target.getContext('2d')?.drawImage(offscreen, 0, 0);
}

/** One page rendered by pdf.js onto a canvas (sharp on high-density screens), with an overlay layer of the same size. */
export function PdfPage({ document, pageNumber, width: maxWidth, overlay, overlayRef }: Props) {
  const { ref: spaceRef, width } = useFittedWidth<HTMLDivElement>(maxWidth);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [geometry, setGeometry] = useState<PageGeometry | null>(null);
  // Which page at which width is on the canvas: data-rendered tells tests and assistive tech the page is drawn.
  const [drawn, setDrawn] = useState<string | null>(null);
  const key = `${pageNumber}@${width}`;
  const shownPage = useRef<number | null>(null);

  useEffect(() => {
    let isCurrent = true;
    let cancel = () => {};
    // Another page: the previous one's pixels must not stand under this page's blocks meanwhile.
    if (shownPage.current !== pageNumber && canvasRef.current)
      canvasRef.current.getContext('2d')?.clearRect(0, 0, canvasRef.current.width, canvasRef.current.height);
    void document.getPage(pageNumber).then(async (page) => {
      if (!isCurrent || !canvasRef.current) return;
      const base = page.getViewport({ scale: 1 });
      setGeometry({ widthPts: base.width, heightPts: base.height, scale: width / base.width });
      try {
        await drawPage(page, canvasRef.current, width, (cancelTask) => (cancel = cancelTask));
        shownPage.current = pageNumber;
        if (isCurrent) setDrawn(`${pageNumber}@${width}`);
      } catch {
        // Cancelled by a newer page or width: that render shows instead.
      }
    });
    return () => {
      isCurrent = false;
      cancel();
    };
  }, [document, pageNumber, width]);

  const isRendered = drawn === key;
  return (
    <Box ref={spaceRef} sx={{ width: '100%', minWidth: 0 }}>
      <Box
        data-testid="pdf-page"
        data-rendered={isRendered}
        aria-busy={!isRendered}
        sx={{ position: 'relative', width, boxShadow: 2, bgcolor: 'white', mx: 'auto' }}
      >
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
    </Box>
  );
}
