import { parentPort, workerData } from 'node:worker_threads';
import { runPdfRequest, type PdfRequest } from './pdf-tasks.ts';

/**
 * The PDF worker thread's entry (bundled as dist/pdf-worker.js): one task, its answer posted
 * back, then the thread ends. pdf-thread.ts starts it with a heap limit and a deadline.
 */
parentPort?.postMessage(await runPdfRequest(workerData as PdfRequest));
