import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey } from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { contracts } from '../../db/schema/index.ts';
import { createS3Client } from '../../providers/storage/index.ts';
import { sha256 } from '../../providers/esign/index.ts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCreator, createOwner, latestLinkId } from '../../../test/fixtures.ts';
import { addCampaign } from '../../../test/campaign-fixtures.ts';
import { sendContract } from '../../../test/contract-fixtures.ts';
import { startS3Server, TEST_BUCKET } from '../../../test/s3-server.ts';

// Two API instances on one database and one bucket, each with its own data folder and its own
// S3 client (addressed by another host name), as two machines behind a load balancer would be.
let a: TestContext;
let b: FastifyInstance;
let bucketObjects: () => Promise<string[]>;
let dataDirs: string[];

beforeAll(async () => {
  const s3 = await startS3Server();
  dataDirs = [fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-a-')), fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-b-'))];
  a = await createTestContext({ ...s3.env, SECRETS_KEY: randomBytes(32).toString('hex'), DATA_DIR: dataDirs[0]! });
  const storageA = a.deps.config.storage;
  if (storageA.kind !== 's3') throw new Error('instance A stores in the bucket');
  const storageB = { ...storageA, endpoint: s3.endpoint.replace('127.0.0.1', 'localhost') };
  const configB: Config = { ...a.deps.config, dataDir: dataDirs[1]!, storage: storageB };
  b = await buildApp({ ...a.deps, config: configB });
  await b.ready();
  const client = createS3Client(storageA);
  bucketObjects = async () =>
    ((await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }))).Contents ?? []).map((object) => object.Key!);
  afterAll(async () => {
    await b.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('files in a bucket shared by two instances', () => {
  it('A stores a contract, B serves it and stores the signed copy, A serves that; no file touches either disk', async () => {
    const owner = await createOwner(a.app);
    const creator = await addCreator(a.app, owner.headers);
    const contract = await sendContract(a.app, owner.headers, creator.id);

    const fromA = await get(a.app, `/v1/contracts/${contract.id}/file?version=original`, owner.headers);
    const fromB = await get(b, `/v1/contracts/${contract.id}/file?version=original`, owner.headers);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.headers['content-type']).toBe('application/pdf');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await PDFDocument.load(fromB.rawPayload)).getPageCount()).toBe(2);

    // The signer's page is served by B; the built-in e-signature stamps the original A stored.
    const linkId = await latestLinkId(a.app, creator.email, '/sign/');
    const signed = await b.inject({
      method: 'POST',
      url: `/v1/contract_signing/${linkId}`,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: { signer_name: 'Casey Creator', signature_type: 'typed', consent: true },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const copy = await get(a.app, `/v1/contracts/${contract.id}/file?version=signed`, owner.headers);
    expect(copy.statusCode, copy.body).toBe(200);
    expect((await PDFDocument.load(copy.rawPayload)).getPageCount()).toBe(3);
    const [row] = await a.deps.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(sha256(copy.rawPayload)).toBe(row!.signed_sha256);

    const objects = await bucketObjects();
    expect(objects.some((key) => key.startsWith('instance-files/esign/') && key.includes('/signed-'))).toBe(true);
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('A stores a campaign file, B serves it; deleting it on B removes the object, and A then answers 404', async () => {
    const owner = await createOwner(a.app);
    const campaign = await addCampaign(a.app, owner.headers);
    const bytes = Buffer.from('creator,posts\nRiley,3\n');
    const boundary = '----crewpay-two-instances';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payment_group_id"\r\n\r\n${campaign.id}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="posts.csv"\r\nContent-Type: text/csv\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/v1/campaign_files',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const id = uploaded.json<{ id: string }>().id;
    const objectKey = `instance-files/campaign-files/${owner.org.id}/${id}`;
    expect(await bucketObjects()).toContain(objectKey);

    const served = await get(b, `/v1/campaign_files/${id}/source`, owner.headers);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);

    expect((await b.inject({ method: 'DELETE', url: `/v1/campaign_files/${id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await bucketObjects()).not.toContain(objectKey);
    const client = createS3Client(a.deps.config.storage as Extract<Config['storage'], { kind: 's3' }>);
    await expect(client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: objectKey }))).rejects.toBeInstanceOf(NoSuchKey);
    expect((await get(a.app, `/v1/campaign_files/${id}/source`, owner.headers)).statusCode).toBe(404);
  });
});
