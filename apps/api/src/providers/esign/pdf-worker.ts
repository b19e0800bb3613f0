import { parentPort, workerData } from 'node:worker_threads';
import { installPdfBudget } from './pdf-budget.ts';
import { runPdfRequest, type PdfRequest } from './pdf-tasks.ts';

/**
 * The PDF worker thread's entry (bundled as dist/pdf-worker.js): one task, its answer posted
 * back, then the thread ends. pdf-thread.ts starts it with a heap limit and a deadline. The
 * task's budget is installed on this thread's own pdf-lib before anything is read.
 */
const request = workerData as PdfRequest;
parentPort?.postMessage(await runPdfRequest(request, installPdfBudget(request.limits)));
