import path from 'node:path';
import type { Config } from '../../config.ts';
import { createLocalFileStorage } from './local.ts';
import type { FileStorage } from './types.ts';

export { FileMissingError, type FileStorage } from './types.ts';

/** The file storage: a folder under DATA_DIR (an S3-compatible adapter would plug in here by config). */
export function fileStorage(config: Pick<Config, 'dataDir'>): FileStorage {
  return createLocalFileStorage(path.join(config.dataDir, 'files'));
}
