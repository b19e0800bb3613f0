import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openFileStorage, moveLocalFiles } from '../providers/storage/index.ts';

/**
 * `npm run files:move [-- --remove-local]`: copies every file of DATA_DIR/files into the bucket
 * of STORAGE_URL (sealed as the API stores them), reads each back to check it and, with
 * --remove-local, deletes the local copy once checked. Run it before the instances switch to the
 * bucket (or with them stopped): a file uploaded to the disk meanwhile would be left behind; a
 * second run picks it up.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.storage.kind !== 's3')
    throw new Error('Set STORAGE_URL (and its endpoint and credentials) to the bucket to move the files to.');
  const root = path.join(config.dataDir, 'files');
  const removeLocal = process.argv.includes('--remove-local');
  const moved = await moveLocalFiles(root, openFileStorage(config), {
    removeLocal,
    onProgress: (files) => {
      if (files % 500 === 0) console.log(`${files} files moved ...`);
    },
  });
  console.log(
    `Moved ${moved.files} files (${(moved.bytes / 1024 / 1024).toFixed(1)} MB) from ${root} to s3://${config.storage.bucket}/${config.storage.prefix}` +
      (removeLocal ? '; the local copies are removed.' : '; the local copies are kept (--remove-local deletes them once checked).'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
