import type { StorageConfig } from './open.ts';
import type { FileStorage } from './types.ts';

export { FileMissingError, type FileStorage } from './types.ts';
export { SealedFileError } from './sealed.ts';
export { createS3Client } from './s3.ts';
export { moveLocalFiles } from './move.ts';
export { openFileStorage } from './open.ts';

// Typed by its shape, not by the Kernel that providers/process-clients.ts completes: the fakes (and e2e) compile this file alone.
type ProcessStorage = { fileStorage(config: StorageConfig): FileStorage };

/** The process's file storage (opened once per process, providers/process-clients.ts): a folder under DATA_DIR, or the bucket of STORAGE_URL. */
export const fileStorage = (deps: { config: StorageConfig; kernel: { clients: ProcessStorage } }): FileStorage =>
  deps.kernel.clients.fileStorage(deps.config);
