import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileMissingError, type FileStorage } from './types.ts';

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** A folder on the server's disk (DATA_DIR/files by default). Writes are atomic: a temporary file renamed into place. */
export function createLocalFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    // Keys are ours, but a key that could climb out of the folder is refused all the same.
    if (!SAFE_KEY.test(key)) throw new Error('Invalid storage key');
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      await fs.promises.writeFile(temporary, bytes, { mode: 0o600 });
      await fs.promises.rename(temporary, target);
    },
    async read(key): Promise<Readable> {
      const target = pathOf(key);
      try {
        const handle = await fs.promises.open(target, 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissingError(key);
        throw error;
      }
    },
    async remove(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}

/** Every key stored under a local storage's folder (the move to a bucket walks them); half-written `.part` files are left out. */
export async function* listLocalFiles(root: string): AsyncGenerator<string> {
  const entries = await fs.promises.readdir(root, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (SAFE_KEY.test(key)) yield key;
  }
}
