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

/** The budget of the thread's one task, as its hooks on pdf-lib keep it. */
export type PdfBudget = {
  /** The limit passed during the task, even if pdf-lib caught the refusal and read on. */
  exceeded(): PdfLimit | null;
};

type EnsureBuffer = (this: object, requested: number) => Uint8Array;
type Assign = (this: PDFContext, ref: PDFRef, object: PDFObject) => void;
/** Marks pdf-lib's functions once a budget wraps them: a second budget in the same thread is refused, not stacked. */
const BUDGET_HOOK = Symbol('crewpay pdf budget hook');
const isHook = (fn: unknown) => typeof fn === 'function' && BUDGET_HOOK in fn;

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

/**
 * Wraps this thread's pdf-lib with the budget of its one task (pdf-worker.ts: a thread per task)
 * and answers it. The counts live in this call's closure, so nothing outlives the thread; a
 * second call in the same thread throws rather than count two tasks against each other.
 */
export function installPdfBudget(limits: PdfBudgetLimits): PdfBudget {
  const decodeStream = decodeStreamPrototype();
  if (isHook(decodeStream.ensureBuffer) || isHook(PDFContext.prototype.assign))
    throw new Error('A PDF budget is already installed in this thread: one task per PDF worker thread');
  let inflated = 0;
  let exceeded: PdfLimit | null = null;
  /** How far each decoding stream's buffer has grown (the budget counts growth, not reads). */
  const grown = new WeakMap<object, number>();
  /** Objects per document: stamping loads the original and then its own output, each counted alone. */
  const objectCounts = new WeakMap<object, number>();

  const exceed = (limit: PdfLimit): never => {
    // pdf-lib catches errors of one object and reads on; the first limit passed stays the answer.
    exceeded ??= limit;
    throw new PdfLimitExceeded(exceeded);
  };

  const ensureBuffer = decodeStream.ensureBuffer;
  // Asked before every growth of a decoder's output, with the length it needs: refused before allocating.
  const budgetedEnsureBuffer: EnsureBuffer = function (requested) {
    const before = grown.get(this) ?? 0;
    if (requested > before) {
      if (exceeded || inflated + requested - before > limits.inflatedBytes) exceed('inflated');
      inflated += requested - before;
      grown.set(this, requested);
    }
    return ensureBuffer.call(this, requested);
  };
  const assign: Assign = PDFContext.prototype.assign;
  const budgetedAssign: Assign = function (ref, object) {
    const count = (objectCounts.get(this) ?? 0) + 1;
    objectCounts.set(this, count);
    if (exceeded || count > limits.objects) exceed('objects');
    assign.call(this, ref, object);
  };
  decodeStream.ensureBuffer = Object.assign(budgetedEnsureBuffer, { [BUDGET_HOOK]: true });
  PDFContext.prototype.assign = Object.assign(budgetedAssign, { [BUDGET_HOOK]: true });
  return { exceeded: () => exceeded };
}
