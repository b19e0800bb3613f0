import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll } from 'vitest';

export const TEST_BUCKET = 'crewpay-files';
/** s3rver's fixed credentials (it checks the signature against them like S3 does). */
const S3RVER_CREDENTIALS = { STORAGE_ACCESS_KEY_ID: 'S3RVER', STORAGE_SECRET_ACCESS_KEY: 'S3RVER' } as const;

/**
 * A local S3-compatible server (s3rver: S3's REST API over a folder, signatures checked) with one
 * bucket, stopped after the file; answers the environment an instance needs to store files there.
 */
export async function startS3Server(): Promise<{ endpoint: string; directory: string; env: Record<string, string> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  const { port } = await server.run();
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    directory,
    env: { STORAGE_URL: `s3://${TEST_BUCKET}/instance-files`, STORAGE_ENDPOINT: endpoint, ...S3RVER_CREDENTIALS },
  };
}
