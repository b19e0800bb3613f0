import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are made by the application (never from a file's name), so an
 * adapter may map them to paths or object names as they are.
 */
export type FileStorage = {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes as a stream; a missing key rejects with FileMissingError. */
  read(key: string): Promise<Readable>;
  /** Removing a key that is not there is not an error. */
  remove(key: string): Promise<void>;
};

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`Stored file ${key} is missing`);
    this.name = 'FileMissingError';
  }
}
