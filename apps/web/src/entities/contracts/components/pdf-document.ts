import { useEffect, useState } from 'react';
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// Vite copies the worker as an asset of our own origin (the CSP allows workers from 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

type PdfState = { document: PDFDocumentProxy | null; error: string | null };

/** Opens PDF bytes with pdf.js (no eval: the CSP forbids it) and closes the document when they change. */
export function usePdfDocument(bytes: ArrayBuffer | null): PdfState {
  const [state, setState] = useState<PdfState>({ document: null, error: null });
  useEffect(() => {
    if (!bytes) {
      setState({ document: null, error: null });
      return;
    }
    let isCurrent = true;
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    const task = getDocument({ data: new Uint8Array(bytes.slice(0)), isEvalSupported: false });
    task.promise.then(
      (document) => {
        if (isCurrent) setState({ document, error: null });
      },
      () => {
        if (isCurrent) setState({ document: null, error: 'This PDF cannot be read: it may be damaged or password-protected' });
      },
    );
    return () => {
      isCurrent = false;
      void task.destroy();
    };
  }, [bytes]);
  return state;
}
