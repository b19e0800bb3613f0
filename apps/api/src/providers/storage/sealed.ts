import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Files sealed for a bucket we do not run: AES-256-GCM in chunks of 64 KiB, each with its own
 * tag, so a download is decrypted and checked as it streams and no byte of a forged or swapped
 * object is ever sent on. Layout: "CPF1", an 8-byte random nonce prefix, then each chunk's
 * ciphertext followed by its 16-byte tag. A chunk's nonce is the prefix and its 4-byte index; its
 * additional data is the object's key and whether it is the last chunk, so an object moved to
 * another key, cut short or extended fails to open.
 */
const MAGIC = Buffer.from('CPF1');
const PREFIX_BYTES = 8;
const HEADER_BYTES = MAGIC.length + PREFIX_BYTES;
const TAG_BYTES = 16;
export const SEALED_CHUNK_BYTES = 64 * 1024;

export class SealedFileError extends Error {
  constructor() {
    super('A stored file failed its integrity check');
    this.name = 'SealedFileError';
  }
}

const nonceOf = (prefix: Buffer, index: number) => {
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
};
const additionalData = (name: string, isLast: boolean) => Buffer.from(`${name}\u0000${isLast ? 'last' : 'more'}`);

/** The sealed form of a file's bytes, bound to the key it is stored under. */
export function sealFile(key: Buffer, name: string, plain: Buffer): Buffer {
  const prefix = randomBytes(PREFIX_BYTES);
  const parts: Buffer[] = [MAGIC, prefix];
  const chunks = Math.max(1, Math.ceil(plain.length / SEALED_CHUNK_BYTES));
  for (let index = 0; index < chunks; index += 1) {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(prefix, index));
    cipher.setAAD(additionalData(name, index === chunks - 1));
    parts.push(
      cipher.update(plain.subarray(index * SEALED_CHUNK_BYTES, (index + 1) * SEALED_CHUNK_BYTES)),
      cipher.final(),
      cipher.getAuthTag(),
    );
  }
  return Buffer.concat(parts);
}

/**
 * A stream that takes a sealed file's bytes and gives the plain ones, a chunk once its tag checks.
 * A chunk is known to be the last only when the input ends, so one full chunk is held back.
 */
export function openSealedStream(key: Buffer, name: string): Transform {
  const sealedChunk = SEALED_CHUNK_BYTES + TAG_BYTES;
  let pending = Buffer.alloc(0);
  let prefix: Buffer | undefined;
  let index = 0;
  const open = (sealed: Buffer, isLast: boolean): Buffer => {
    if (!prefix || sealed.length < TAG_BYTES) throw new SealedFileError();
    const decipher = createDecipheriv('aes-256-gcm', key, nonceOf(prefix, index));
    decipher.setAAD(additionalData(name, isLast));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    index += 1;
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SealedFileError();
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      try {
        if (!prefix) {
          if (pending.length < HEADER_BYTES) return callback();
          if (!pending.subarray(0, MAGIC.length).equals(MAGIC)) throw new SealedFileError();
          prefix = Buffer.from(pending.subarray(MAGIC.length, HEADER_BYTES));
          pending = pending.subarray(HEADER_BYTES);
        }
        // More than one chunk waiting: the first is not the last, open it.
        while (pending.length > sealedChunk) {
          this.push(open(pending.subarray(0, sealedChunk), false));
          pending = pending.subarray(sealedChunk);
        }
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        callback(null, open(pending, true));
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
