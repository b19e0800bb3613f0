import path from 'node:path';
import type { Config } from '../../config.ts';
import { createSecretBox } from '../../lib/secrets.ts';
import { createLocalFileStorage } from './local.ts';
import { createS3Client, createS3FileStorage } from './s3.ts';
import type { FileStorage } from './types.ts';

export type StorageConfig = Pick<Config, 'dataDir' | 'storage' | 'secretsKey'>;

/**
 * A new file storage: a folder under DATA_DIR on one machine, or the bucket of STORAGE_URL, which
 * every instance reads and writes alike (docs/operations.md, Reference deployment). A process
 * opens one and shares it (providers/process-clients.ts); a one-off script opens its own.
 */
export function openFileStorage(config: StorageConfig): FileStorage {
  const settings = config.storage;
  return settings.kind === 'local' ? createLocalFileStorage(path.join(config.dataDir, 'files')) : s3Storage(config, settings);
}

function s3Storage(config: StorageConfig, settings: Extract<StorageConfig['storage'], { kind: 's3' }>): FileStorage {
  // loadConfig refuses STORAGE_URL without SECRETS_KEY; a config built otherwise is refused here.
  if (!config.secretsKey) throw new Error('SECRETS_KEY must be set to store files in a bucket');
  const sealKey = Buffer.from(createSecretBox(config.secretsKey).deriveKey('file-storage'), 'hex');
  return createS3FileStorage({ settings, client: createS3Client(settings), sealKey });
}
