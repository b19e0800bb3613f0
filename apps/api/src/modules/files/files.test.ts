import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignFileMessages, MAX_CAMPAIGN_FILE_BYTES } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { addCampaign, createMember } from '../../../test/campaign-fixtures.ts';
import { createOwner } from '../../../test/fixtures.ts';

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-files-test-'));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});

type Headers = Record<string, string>;

/** A multipart body with text fields and one file in the field "file". */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----crewpay${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (headers: Headers, groupId: string, file?: { name: string; bytes: Buffer; type?: string }) => {
  const body = multipart(groupId ? { payment_group_id: groupId } : {}, file);
  return ctx.app.inject({ method: 'POST', url: '/v1/campaign_files', headers: { ...headers, ...body.headers }, payload: body.payload });
};
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const remove = (id: string, headers: Headers) => ctx.app.inject({ method: 'DELETE', url: `/v1/campaign_files/${id}`, headers });

/** A stored (uncompressed) ZIP with the given entry names: enough for the content check to read its directory. */
function zipWith(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from('<x/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 1)]);

describe('/v1/campaign_files', () => {
  it('uploads by content type, lists, downloads as an attachment with the detected type, and deletes', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const pdf = await upload(owner.headers, campaign.id, { name: 'Brief v2.pdf', bytes: PDF, type: 'text/html' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toMatchObject({
      payment_group_id: campaign.id,
      file_name: 'Brief v2.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const cases: [string, Buffer, string, string][] = [
      ['../../etc/pass<wd', PNG, 'image/png', 'pass_wd.png'],
      ['invoice.exe', PDF, 'application/pdf', 'invoice.exe.pdf'],
      ['photo.JPG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 'photo.JPG'],
      ['anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif', 'anim.gif'],
      ['pic.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'image/webp', 'pic.webp'],
      [
        'contract.docx',
        zipWith(['[Content_Types].xml', 'word/document.xml']),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'contract.docx',
      ],
      [
        'budget',
        zipWith(['[Content_Types].xml', 'xl/workbook.xml']),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'budget.xlsx',
      ],
      ['posts.csv', Buffer.from('creator,posts\nRiley,3\n'), 'text/csv', 'posts.csv'],
      ['notes.txt', Buffer.from('Café notes\n'), 'text/plain', 'notes.txt'],
    ];
    for (const [name, bytes, type, stored] of cases) {
      const response = await upload(owner.headers, campaign.id, { name, bytes });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json(), name).toMatchObject({ content_type: type, file_name: stored });
    }
    const list = (await get(`/v1/campaign_files?payment_group_id=${campaign.id}`, owner.headers)).json();
    expect(list.data).toHaveLength(cases.length + 1);
    expect(list.data[0]).toMatchObject({ id: pdf.json().id, file_name: 'Brief v2.pdf' });

    const source = await get(`/v1/campaign_files/${pdf.json().id}/source`, owner.headers);
    expect(source.statusCode).toBe(200);
    expect(source.headers['content-type']).toBe('application/pdf');
    expect(source.headers['content-disposition']).toBe(`attachment; filename="Brief v2.pdf"; filename*=UTF-8''Brief%20v2.pdf`);
    expect(source.headers['x-content-type-options']).toBe('nosniff');
    expect(source.rawPayload.equals(PDF)).toBe(true);

    expect((await remove(pdf.json().id, owner.headers)).json()).toEqual({ message: campaignFileMessages.deleted, id: pdf.json().id });
    expect((await get(`/v1/campaign_files/${pdf.json().id}/source`, owner.headers)).statusCode).toBe(404);
    expect((await remove(pdf.json().id, owner.headers)).statusCode).toBe(404);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'campaign-files', owner.org.id))).toHaveLength(cases.length);
  });

  it('refuses executables, HTML and other types by content, whatever their name, with a clear message', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const refused: [string, Buffer][] = [
      ['setup.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])],
      ['tool.png', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(32)])],
      ['page.txt', Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>')],
      ['image.csv', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['notes.txt', Buffer.from('hello\n<script>steal()</script>')],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['archive.docx', zipWith(['payload.exe'])],
      ['binary.txt', Buffer.from([0x68, 0x00, 0x69])],
      ['latin.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
    ];
    for (const [name, bytes] of refused) {
      const response = await upload(owner.headers, campaign.id, { name, bytes, type: 'application/pdf' });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ field: 'file', message: campaignFileMessages.badType });
    }
    expect((await upload(owner.headers, campaign.id, { name: 'empty.txt', bytes: Buffer.alloc(0) })).json().message).toBe(
      campaignFileMessages.missingFile,
    );
    expect((await upload(owner.headers, campaign.id)).json()).toMatchObject({ field: 'file', message: campaignFileMessages.missingFile });
    expect((await get(`/v1/campaign_files?payment_group_id=${campaign.id}`, owner.headers)).json().data).toEqual([]);
  });

  it('refuses a file over 25 MB with a clear message and stores nothing', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_CAMPAIGN_FILE_BYTES + 1 - PDF.length, 0x20)]);
    const response = await upload(owner.headers, campaign.id, { name: 'big.pdf', bytes: big });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'file', message: campaignFileMessages.tooLarge });
    const exact = Buffer.concat([PDF, Buffer.alloc(MAX_CAMPAIGN_FILE_BYTES - PDF.length, 0x20)]);
    expect((await upload(owner.headers, campaign.id, { name: 'exact.pdf', bytes: exact })).statusCode).toBe(200);
    expect(
      (await get(`/v1/campaign_files?payment_group_id=${campaign.id}`, owner.headers))
        .json()
        .data.map((file: { file_name: string }) => file.file_name),
    ).toEqual(['exact.pdf']);
  });

  it('needs a campaign of the organization; lets team members in and keeps external users out', async () => {
    const owner = await createOwner(ctx.app);
    const campaign = await addCampaign(ctx.app, owner.headers);
    const missing = await upload(owner.headers, '', { name: 'a.pdf', bytes: PDF });
    expect(missing.json()).toMatchObject({ field: 'payment_group_id', message: campaignFileMessages.missingGroup });
    const unknown = await upload(owner.headers, '0192f0e0-0000-7000-8000-000000000001', { name: 'a.pdf', bytes: PDF });
    expect(unknown.statusCode).toBe(404);
    expect((await get('/v1/campaign_files?payment_group_id=nope', owner.headers)).statusCode).toBe(400);
    const collaborator = await createMember(ctx.deps, owner.org.id, 'collaborator');
    const saved = await upload(collaborator.headers, campaign.id, { name: 'a.pdf', bytes: PDF });
    expect(saved.statusCode).toBe(200);
    expect((await get(`/v1/campaign_files/${saved.json().id}/source`, collaborator.headers)).statusCode).toBe(200);
    const external = await createMember(ctx.deps, owner.org.id, 'creator');
    expect((await upload(external.headers, campaign.id, { name: 'b.pdf', bytes: PDF })).statusCode).toBe(403);
    expect((await get(`/v1/campaign_files?payment_group_id=${campaign.id}`, external.headers)).statusCode).toBe(403);
    expect((await get(`/v1/campaign_files/${saved.json().id}/source`, external.headers)).statusCode).toBe(403);
    expect((await remove(saved.json().id, external.headers)).statusCode).toBe(403);
    expect((await get(`/v1/campaign_files/${saved.json().id}/source`, {})).statusCode).toBe(401);
  });

  it("answers 404 for another organization's campaign and file ids, and leaves their file alone", async () => {
    const mine = await createOwner(ctx.app);
    const theirs = await createOwner(ctx.app);
    const theirCampaign = await addCampaign(ctx.app, theirs.headers);
    const theirFile = (await upload(theirs.headers, theirCampaign.id, { name: 'theirs.pdf', bytes: PDF })).json();
    expect((await upload(mine.headers, theirCampaign.id, { name: 'a.pdf', bytes: PDF })).statusCode).toBe(404);
    expect((await get(`/v1/campaign_files?payment_group_id=${theirCampaign.id}`, mine.headers)).statusCode).toBe(404);
    expect((await get(`/v1/campaign_files/${theirFile.id}/source`, mine.headers)).statusCode).toBe(404);
    expect((await remove(theirFile.id, mine.headers)).statusCode).toBe(404);
    expect((await get(`/v1/campaign_files/${theirFile.id}/source`, theirs.headers)).rawPayload.equals(PDF)).toBe(true);
  });
});
