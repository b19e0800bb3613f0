import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { FileMissingError, type FileStorage } from './types.ts';
import { openSealedStream, sealFile } from './sealed.ts';

type S3Settings = Extract<StorageSettings, { kind: 's3' }>;

/** The SDK's client for one bucket's service: addressed as configured, bounded in time and in sockets. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
    // The SDK's newer default checksums (CRC32 trailers) are not spoken by every S3-compatible
    // server; checksums the operation requires are still sent.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A bucket that stops answering fails the request instead of holding it (and its socket) open.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: settings.timeoutMs,
      // Without it the SDK only warns when a request runs over its time, and waits on.
      throwOnRequestTimeout: true,
      httpsAgent: { maxSockets: 50 },
      httpAgent: { maxSockets: 50 },
    },
  });
}

const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is not answering right now: please try again in a minute';

/** A bucket that timed out or failed (after the SDK's three tries) is a 503 the person can retry, not our 500. */
const unavailable = (error: unknown) => {
  console.error('[storage] the bucket did not answer', error instanceof Error ? error.name : typeof error);
  return new AppError('provider_unavailable', STORAGE_UNAVAILABLE_MESSAGE);
};

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), under the configured prefix.
 * Every object is sealed (sealed.ts) with a key derived from SECRETS_KEY before it leaves the
 * process: contracts, signed copies and campaign files hold names, addresses and signatures, and
 * which upload holds what cannot be told, so all are sealed alike. Reads stream: the object is
 * opened chunk by chunk as the client downloads it.
 */
export function createS3FileStorage(options: { settings: S3Settings; client: S3Client; sealKey: Buffer }): FileStorage {
  const { settings, client, sealKey } = options;
  const objectKey = (key: string) => `${settings.prefix}${key}`;
  return {
    async put(key, bytes) {
      const command = new PutObjectCommand({
        Bucket: settings.bucket,
        Key: objectKey(key),
        Body: sealFile(sealKey, key, bytes),
        ContentType: 'application/octet-stream',
      });
      await client.send(command).catch((error: unknown) => Promise.reject(unavailable(error)));
    },
    async read(key): Promise<Readable> {
      let body: Readable;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        body = answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new FileMissingError(key);
        throw unavailable(error);
      }
      const opened = openSealedStream(sealKey, key);
      // Errors on either side end the other: a client gone stops the download from the bucket.
      pipeline(body, opened).catch(() => undefined);
      return opened;
    },
    async remove(key) {
      // S3 answers a delete of a missing object with success, as the interface wants.
      await client
        .send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }))
        .catch((error: unknown) => Promise.reject(unavailable(error)));
    },
  };
}
