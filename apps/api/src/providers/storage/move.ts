import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { listLocalFiles } from './local.ts';
import type { FileStorage } from './types.ts';

class MoveMismatchError extends Error {
  constructor(key: string) {
    super(`The copy of ${key} in the bucket does not match the file on disk; its local copy is kept.`);
    this.name = 'MoveMismatchError';
  }
}

async function storedSha256(storage: FileStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.read(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Copies every file under a local storage's folder to another storage under the same key, reads
 * each copy back to compare it, and removes the local file only then (when asked). Writing a key
 * again is harmless, so a move that stopped half way is simply run again.
 */
export async function moveLocalFiles(
  root: string,
  target: FileStorage,
  options: { removeLocal: boolean; onProgress?: (moved: number) => void },
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for await (const key of listLocalFiles(root)) {
    const local = path.join(root, ...key.split('/'));
    const content = await fs.promises.readFile(local);
    await target.put(key, content);
    if ((await storedSha256(target, key)) !== createHash('sha256').update(content).digest('hex')) throw new MoveMismatchError(key);
    if (options.removeLocal) await fs.promises.rm(local);
    files += 1;
    bytes += content.length;
    options.onProgress?.(files);
  }
  return { files, bytes };
}
