import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_LIMITS } from '@crewpay/core';
import type { PdfOutcome, PdfRequest, PdfTaskName, PdfTasks } from './pdf-tasks.ts';

/**
 * pdf-lib off the main thread. Reading a PDF is synchronous JavaScript that a crafted file can
 * keep busy for seconds and gigabytes; here it runs in a worker thread of its own per task, with
 * a heap limit, a deadline after which the thread is ended, and pdf-budget.ts's limits inside.
 */
type PdfThreadLimits = { pages: number; objects: number; inflatedBytes: number; seconds: number; memoryMb: number };

/**
 * The bundle's dist/pdf-worker.js next to dist/server.js; from source, the tsx bootstrap, unless
 * PDF_WORKER_BUNDLE names a bundle built beforehand: the API tests build one at start
 * (test/global-setup.ts), since the bootstrap compiles the worker's TypeScript again in every
 * thread (0.7 s a PDF instead of 0.25 s).
 */
const workerEntry = process.env.PDF_WORKER_BUNDLE
  ? pathToFileURL(process.env.PDF_WORKER_BUNDLE)
  : import.meta.url.endsWith('.ts')
    ? new URL('./pdf-worker-dev.mjs', import.meta.url)
    : new URL('./pdf-worker.js', import.meta.url);

function runWorker(request: PdfRequest, limits: PdfThreadLimits): Promise<PdfOutcome<unknown>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry, {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (answer: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      answer();
    };
    // terminate() stops the thread even in the middle of synchronous parsing.
    const deadline = setTimeout(() => settle(() => resolve({ ok: false, refusal: 'time' })), limits.seconds * 1000);
    worker.once('message', (outcome: PdfOutcome<unknown>) => settle(() => resolve(outcome)));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => (error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, refusal: 'memory' }) : reject(error))),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The PDF worker ended (exit code ${code}) without an answer`))));
  });
}

/** At most two PDFs are read at once (the memory of each is bounded, their sum must be too); others wait their turn. */
const MAX_PDF_THREADS = 2;

/** Runs one pdf-lib task in a worker thread within the limits; a refusal names the limit passed. */
export type PdfThreads = {
  run<K extends PdfTaskName>(task: K, input: PdfTasks[K]['input'], limits?: PdfThreadLimits): Promise<PdfOutcome<PdfTasks[K]['value']>>;
};

/**
 * The PDF thread slots of one kernel, kept with its clients (providers/process-clients.ts). A
 * server or worker process builds one kernel (main.ts), so at most two PDF threads run in it.
 * Apps built with kernels of their own in one process (a test file's, two-instances.test.ts's
 * pair) each have their own two slots, as two processes would: sharing one would make them wait
 * for each other, which no deployment does.
 */
export function createPdfThreads(
  // The thread each task runs in; a test counts how many run at once with a runner of its own.
  runInThread: (request: PdfRequest, limits: PdfThreadLimits) => Promise<PdfOutcome<unknown>> = runWorker,
): PdfThreads {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquireSlot(): Promise<void> {
    if (running < MAX_PDF_THREADS) {
      running += 1;
      return;
    }
    // The slot is handed over by releaseSlot(), so running stays counted.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function releaseSlot(): void {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    async run(task, input, limits = PDF_LIMITS) {
      await acquireSlot();
      try {
        const request = {
          task,
          input,
          limits: { pages: limits.pages, objects: limits.objects, inflatedBytes: limits.inflatedBytes },
        } as PdfRequest;
        return (await runInThread(request, limits)) as PdfOutcome<PdfTasks[typeof task]['value']>;
      } finally {
        releaseSlot();
      }
    },
  };
}
