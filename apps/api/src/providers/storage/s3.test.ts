import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server.ts';
import { createS3Client, openFileStorage, FileMissingError, moveLocalFiles, SealedFileError, type FileStorage } from './index.ts';
import { createLocalFileStorage } from './local.ts';
import { openSealedStream, SEALED_CHUNK_BYTES, sealFile } from './sealed.ts';

const SECRETS_KEY = randomBytes(32).toString('hex');
let storage: FileStorage;
let raw: S3Client;
let env: Record<string, string>;

beforeAll(async () => {
  const server = await startS3Server();
  env = { ...server.env, SECRETS_KEY };
  const config = loadConfig(env);
  storage = openFileStorage(config);
  if (config.storage.kind !== 's3') throw new Error('expected the bucket');
  raw = createS3Client(config.storage);
});

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const rawObject = async (key: string) =>
  Buffer.from(await (await raw.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }))).Body!.transformToByteArray());

describe('sealed files', () => {
  const key = randomBytes(32);
  const open = (sealed: Buffer, name = 'a/b') => readAll(Readable.from([sealed]).pipe(openSealedStream(key, name)));

  it('round-trips empty, short, exactly-chunked and multi-chunk files, whatever the pieces the bytes arrive in', async () => {
    for (const size of [0, 1, SEALED_CHUNK_BYTES - 1, SEALED_CHUNK_BYTES, 2 * SEALED_CHUNK_BYTES, 3 * SEALED_CHUNK_BYTES + 17]) {
      const plain = randomBytes(size);
      const sealed = sealFile(key, 'a/b', plain);
      expect((await open(sealed)).equals(plain), `size ${size}`).toBe(true);
      const pieces = Array.from({ length: Math.ceil(sealed.length / 1000) }, (_, index) =>
        sealed.subarray(index * 1000, (index + 1) * 1000),
      );
      expect((await readAll(Readable.from(pieces).pipe(openSealedStream(key, 'a/b')))).equals(plain), `size ${size} in pieces`).toBe(true);
    }
  });

  it('refuses a flipped byte, another key name, a cut or an extended file, and the wrong key', async () => {
    const plain = randomBytes(2 * SEALED_CHUNK_BYTES + 5);
    const sealed = sealFile(key, 'a/b', plain);
    const flipped = Buffer.from(sealed);
    flipped[100] = flipped[100]! ^ 1;
    await expect(open(flipped)).rejects.toBeInstanceOf(SealedFileError);
    await expect(open(sealed, 'a/c')).rejects.toBeInstanceOf(SealedFileError);
    // Cut after the first chunk: that chunk was not sealed as the last one.
    await expect(open(sealed.subarray(0, 12 + SEALED_CHUNK_BYTES + 16))).rejects.toBeInstanceOf(SealedFileError);
    await expect(open(Buffer.concat([sealed, sealed.subarray(12, 12 + 40)]))).rejects.toBeInstanceOf(SealedFileError);
    await expect(readAll(Readable.from([sealed]).pipe(openSealedStream(randomBytes(32), 'a/b')))).rejects.toBeInstanceOf(SealedFileError);
    await expect(open(Buffer.from('not sealed at all'))).rejects.toBeInstanceOf(SealedFileError);
  });
});

describe('the S3 storage (against s3rver)', () => {
  it('stores under the prefix, sealed; reads back the bytes; a missing key is FileMissingError; removing twice is fine', async () => {
    const plain = Buffer.concat([Buffer.from('%PDF-1.4 Casey Creator, 1 Market St, SSN 123-45-6789 '), randomBytes(150_000)]);
    await storage.put('contracts/org-1/doc-1', plain);
    const stored = await rawObject('instance-files/contracts/org-1/doc-1');
    expect(stored.subarray(0, 4).toString()).toBe('CPF1');
    expect(stored.includes(Buffer.from('Casey Creator'))).toBe(false);
    expect((await readAll(await storage.read('contracts/org-1/doc-1'))).equals(plain)).toBe(true);

    await expect(storage.read('contracts/org-1/nothing-here')).rejects.toBeInstanceOf(FileMissingError);
    await storage.remove('contracts/org-1/doc-1');
    await storage.remove('contracts/org-1/doc-1');
    await expect(storage.read('contracts/org-1/doc-1')).rejects.toBeInstanceOf(FileMissingError);
  });

  it('fails the download of an object changed or moved in the bucket', async () => {
    await storage.put('esign/one/original', Buffer.from('first'));
    await storage.put('esign/two/original', Buffer.from('second'));
    // Someone with access to the bucket copies one object over another.
    await raw.send(
      new PutObjectCommand({
        Bucket: TEST_BUCKET,
        Key: 'instance-files/esign/two/original',
        Body: await rawObject('instance-files/esign/one/original'),
      }),
    );
    await expect(readAll(await storage.read('esign/two/original'))).rejects.toBeInstanceOf(SealedFileError);
  });

  it('refuses STORAGE_URL without SECRETS_KEY, and half a pair of credentials', () => {
    expect(() => loadConfig({ ...env, SECRETS_KEY: undefined })).toThrow(/SECRETS_KEY: must be set with STORAGE_URL/);
    expect(() => loadConfig({ ...env, STORAGE_SECRET_ACCESS_KEY: undefined })).toThrow(/set both, or neither/);
    expect(() => loadConfig({ ...env, STORAGE_URL: 'https://bucket' })).toThrow(/STORAGE_URL: must be s3:\/\/bucket/);
    expect(loadConfig({ ...env, STORAGE_URL: 's3://my-bucket' }).storage).toMatchObject({ bucket: 'my-bucket', prefix: '' });
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
  });

  it('moves the files of a data folder to the bucket, checks each and removes the local copies only when asked', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-move-'));
    const local = createLocalFileStorage(root);
    const files = { 'campaign-files/org-2/a': randomBytes(70_000), 'esign/abc/signed-01': Buffer.from('signed copy') };
    for (const [key, bytes] of Object.entries(files)) await local.put(key, bytes);
    fs.writeFileSync(path.join(root, 'esign', 'abc', 'signed-02.1234.part'), 'half written');

    expect(await moveLocalFiles(root, storage, { removeLocal: false })).toEqual({ files: 2, bytes: 70_000 + 11 });
    for (const [key, bytes] of Object.entries(files)) expect((await readAll(await storage.read(key))).equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(root, 'campaign-files', 'org-2', 'a'))).toBe(true);

    expect((await moveLocalFiles(root, storage, { removeLocal: true })).files).toBe(2);
    expect(fs.existsSync(path.join(root, 'campaign-files', 'org-2', 'a'))).toBe(false);
    expect(fs.existsSync(path.join(root, 'esign', 'abc', 'signed-02.1234.part'))).toBe(true);
    expect((await readAll(await storage.read('esign/abc/signed-01'))).toString()).toBe('signed copy');
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('a bucket that does not answer', () => {
  it('fails each request after the timeout (three tries) as a 503, and leaves no socket open', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      // Reads what it is sent and answers nothing.
      sockets.add(socket);
      socket.resume();
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const slow = openFileStorage(loadConfig({ ...env, STORAGE_ENDPOINT: endpoint, STORAGE_TIMEOUT_SECONDS: '1' }));
    const started = Date.now();
    const attempts = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => slow.put(`slow/${index}`, Buffer.from('x'))));
    for (const attempt of attempts) {
      expect(attempt.status).toBe('rejected');
      const reason = (attempt as PromiseRejectedResult).reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.status).toBe(503);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect(slow.read('slow/0')).rejects.toMatchObject({ code: 'provider_unavailable' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sockets.size).toBe(0);
    silent.close();
  });
});
