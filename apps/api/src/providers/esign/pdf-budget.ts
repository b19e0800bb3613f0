import { createRequire } from 'node:module';
import { PDFContext, type PDFObject, type PDFRef } from 'pdf-lib';
import type { PdfLimit } from '@crewpay/core';

/**
 * Limits on pdf-lib while it reads, enforced as it goes: only in the PDF worker thread
 * (pdf-worker.ts), whose pdf-lib is its own. A few megabytes of Flate data can expand to
 * gigabytes, and pdf-lib inflates object and cross-reference streams as it loads, in plain
 * JavaScript: the worker's heap limit does not count those buffers, and its timeout would only
 * stop them after the memory is taken. So every decoding stream asks this budget before it grows.
 */
export class PdfLimitExceeded extends Error {
  constructor(readonly limit: PdfLimit) {
    super(`PDF limit exceeded: ${limit}`);
    this.name = 'PdfLimitExceeded';
  }
}

type PdfBudgetLimits = { objects: number; inflatedBytes: number };

type Budget = PdfBudgetLimits & { inflated: number; exceeded: PdfLimit | null };
let budget: Budget = { objects: Infinity, inflatedBytes: Infinity, inflated: 0, exceeded: null };

/** How far each decoding stream's buffer has grown (the budget counts growth, not reads). */
const grown = new WeakMap<object, number>();
/** Objects per document: stamping loads the original and then its own output, each counted alone. */
const objectCounts = new WeakMap<object, number>();

function exceed(limit: PdfLimit): never {
  // pdf-lib catches errors of one object and reads on; the first limit passed stays the answer.
  budget.exceeded ??= limit;
  throw new PdfLimitExceeded(budget.exceeded);
}

type EnsureBuffer = (this: object, requested: number) => Uint8Array;
/**
 * The base class of every pdf-lib decoder (Flate, LZW, RunLength, ASCII85, ASCIIHex). It is not
 * among pdf-lib's exports; its CommonJS build is the copy `import 'pdf-lib'` loads in Node.
 */
function decodeStreamPrototype(): { ensureBuffer: EnsureBuffer } {
  const module = createRequire(import.meta.url)('pdf-lib/cjs/core/streams/DecodeStream.js') as {
    default?: { prototype?: { ensureBuffer?: EnsureBuffer } };
  };
  const prototype = module.default?.prototype;
  if (typeof prototype?.ensureBuffer !== 'function')
    throw new Error('pdf-lib changed: DecodeStream.ensureBuffer is gone, the inflation limit cannot be kept');
  return prototype as { ensureBuffer: EnsureBuffer };
}

let installed = false;
function install(): void {
  if (installed) return;
  const prototype = decodeStreamPrototype();
  const ensureBuffer = prototype.ensureBuffer;
  // Asked before every growth of a decoder's output, with the length it needs: refused before allocating.
  prototype.ensureBuffer = function (requested) {
    const before = grown.get(this) ?? 0;
    if (requested > before) {
      if (budget.exceeded || budget.inflated + requested - before > budget.inflatedBytes) exceed('inflated');
      budget.inflated += requested - before;
      grown.set(this, requested);
    }
    return ensureBuffer.call(this, requested);
  };
  const assign = PDFContext.prototype.assign;
  PDFContext.prototype.assign = function (ref: PDFRef, object: PDFObject) {
    const count = (objectCounts.get(this) ?? 0) + 1;
    objectCounts.set(this, count);
    if (budget.exceeded || count > budget.objects) exceed('objects');
    assign.call(this, ref, object);
  };
  installed = true;
}

/** Starts a fresh budget for one task. */
export function startPdfBudget(limits: PdfBudgetLimits): void {
  install();
  budget = { ...limits, inflated: 0, exceeded: null };
}

/** The limit passed during the task, even if pdf-lib caught the refusal and read on. */
export function exceededPdfLimit(): PdfLimit | null {
  return budget.exceeded;
}
