import { ParseSpeeds, PDFDocument, PDFPageLeaf } from 'pdf-lib';
import type { PdfLimit } from '@crewpay/core';
import { PdfLimitExceeded, type PdfBudget } from './pdf-budget.ts';
import { stampSignedPdf } from './stamp.ts';

/** What the PDF worker does with pdf-lib (run by pdf-worker.ts, asked for by pdf-thread.ts). */
export type StampOptions = Parameters<typeof stampSignedPdf>[0];
export type PageSize = { width: number; height: number };
export type PdfTasks = {
  /** Reads an uploaded PDF: the size of each page. */
  inspect: { input: { bytes: Uint8Array }; value: { pages: PageSize[] } };
  /** Stamps the signature into a stored PDF and appends the audit page. */
  stamp: { input: StampOptions; value: Awaited<ReturnType<typeof stampSignedPdf>> };
  /** Reads a drawn signature's PNG as the stamp will embed it. */
  signature_png: { input: { png: Uint8Array }; value: PageSize };
};
export type PdfTaskName = keyof PdfTasks;
export type PdfTaskLimits = { pages: number; objects: number; inflatedBytes: number };
export type PdfRequest = { [K in PdfTaskName]: { task: K; input: PdfTasks[K]['input']; limits: PdfTaskLimits } }[PdfTaskName];
export type PdfOutcome<T> = { ok: true; value: T } | { ok: false; refusal: 'unreadable' | PdfLimit };

/** Counts the page tree's leaves, refusing past the limit before pdf-lib builds a page object for each. */
function checkPageCount(document: PDFDocument, limits: PdfTaskLimits): void {
  let pages = 0;
  let nodes = 0;
  document.catalog.Pages().traverse((node) => {
    // A tree visits each object once; more visits is a tree that shares or loops its branches.
    if (++nodes > limits.objects) throw new PdfLimitExceeded('objects');
    if (node instanceof PDFPageLeaf && ++pages > limits.pages) throw new PdfLimitExceeded('pages');
  });
}

async function inspect(input: PdfTasks['inspect']['input'], limits: PdfTaskLimits): Promise<PdfTasks['inspect']['value'] | null> {
  // No yielding between objects: this thread has nothing else to serve.
  const document = await PDFDocument.load(input.bytes, {
    updateMetadata: false,
    throwOnInvalidObject: true,
    parseSpeed: ParseSpeeds.Fastest,
  });
  checkPageCount(document, limits);
  const pages = document.getPages().map((page) => page.getSize());
  return pages.length === 0 ? null : { pages };
}

async function stamp(input: StampOptions): Promise<PdfTasks['stamp']['value']> {
  // A Buffer arrives from the main thread as a plain Uint8Array.
  const signature = input.signature.signature;
  const drawn = signature.type === 'drawn' ? { type: 'drawn' as const, png: Buffer.from(signature.png) } : signature;
  return stampSignedPdf({ ...input, signature: { ...input.signature, signature: drawn } });
}

async function signaturePng(input: PdfTasks['signature_png']['input']): Promise<PageSize> {
  const image = await (await PDFDocument.create()).embedPng(input.png);
  return { width: image.width, height: image.height };
}

async function perform(request: PdfRequest): Promise<unknown> {
  switch (request.task) {
    case 'inspect':
      return inspect(request.input, request.limits);
    case 'stamp':
      return stamp(request.input);
    case 'signature_png':
      return signaturePng(request.input);
  }
}

/**
 * Runs one task within the limits, `budget` being the one its thread installed for it
 * (pdf-worker.ts): a limit passed is named, any other failure reads as unreadable.
 */
export async function runPdfRequest(request: PdfRequest, budget: PdfBudget): Promise<PdfOutcome<unknown>> {
  try {
    const value = await perform(request);
    const exceeded = budget.exceeded();
    if (exceeded) return { ok: false, refusal: exceeded };
    return value === null ? { ok: false, refusal: 'unreadable' } : { ok: true, value };
  } catch (error) {
    const exceeded = budget.exceeded() ?? (error instanceof PdfLimitExceeded ? error.limit : null);
    return { ok: false, refusal: exceeded ?? 'unreadable' };
  }
}
