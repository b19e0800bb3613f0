// The PDF worker's entry when the API runs from source (tests, `npm run dev`): a worker thread
// starts as plain Node, so tsx's loader is registered here before the TypeScript entry loads.
// The built API starts dist/pdf-worker.js directly (scripts/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
