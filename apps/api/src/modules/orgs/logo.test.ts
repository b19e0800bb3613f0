import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@crewpay/core';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createOwner, multipartFile } from '../../../test/fixtures.ts';
import { createCollaborator } from '../../../test/wallet-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});

// A real 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366aa' } });
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  JPEG = await image(8, 8).jpeg().toBuffer();
  WEBP = await image(8, 8).webp().toBuffer();
});

async function upload(headers: Record<string, string>, file: { filename: string; type: string; content: string | Buffer }) {
  const body = multipartFile(file);
  return ctx.app.inject({ method: 'PUT', url: '/v1/org/logo', headers: { ...headers, ...body.headers }, payload: body.payload });
}

describe('PUT /v1/org/logo', () => {
  it('accepts a PNG named .exe as a PNG and serves it with its type and nosniff', async () => {
    const owner = await createOwner(ctx.app);
    const response = await upload(owner.headers, { filename: 'logo.exe', type: 'application/octet-stream', content: PNG });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().logo_url).toMatch(/^\/v1\/org\/logo\?v=\d+$/);

    const logo = await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    // Stored as decoded and encoded again: the same 1x1 PNG image, not necessarily the same bytes.
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('reads JPEG and WebP from their bytes', async () => {
    const owner = await createOwner(ctx.app);
    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      expect((await upload(owner.headers, { filename: 'logo.png', type: 'image/png', content })).statusCode).toBe(200);
      const logo = await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers });
      expect(logo.headers['content-type']).toBe(type);
    }
  });

  it('refuses an HTML file named .png, an SVG and an empty file with "invalid file type"', async () => {
    const owner = await createOwner(ctx.app);
    for (const file of [
      { filename: 'logo.png', type: 'image/png', content: '<html><script>alert(1)</script></html>' },
      { filename: 'logo.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { filename: 'logo.png', type: 'image/png', content: Buffer.alloc(0) },
    ]) {
      const response = await upload(owner.headers, file);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'invalid file type', field: 'file' });
    }
    const org = await ctx.app.inject({ method: 'GET', url: '/v1/org', headers: owner.headers });
    expect(org.json().logo_url).toBeNull();
    const none = await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers });
    expect(none.statusCode).toBe(404);
  });

  it('refuses a file over 2 MB with a clear message', async () => {
    const owner = await createOwner(ctx.app);
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const response = await upload(owner.headers, { filename: 'big.png', type: 'image/png', content: big });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The logo must be at most 2 MB', field: 'file' });
  });

  it('removes the logo, and serves each organisation only its own', async () => {
    const owner = await createOwner(ctx.app);
    const other = await createOwner(ctx.app);
    await upload(owner.headers, { filename: 'logo.png', type: 'image/png', content: PNG });
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: other.headers })).statusCode).toBe(404);
    const removed = await ctx.app.inject({ method: 'DELETE', url: '/v1/org/logo', headers: owner.headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logo_url).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers })).statusCode).toBe(404);
  });

  it('lets only owners and admins change the logo; a JSON body is refused', async () => {
    const owner = await createOwner(ctx.app);
    const collaborator = await createCollaborator(ctx.deps, owner.org.id);
    expect((await upload(collaborator.headers, { filename: 'logo.png', type: 'image/png', content: PNG })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/v1/org/logo', headers: collaborator.headers })).statusCode).toBe(403);
    const json = await ctx.app.inject({ method: 'PUT', url: '/v1/org/logo', headers: owner.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'PUT', url: '/v1/org/logo', payload: { file: 'x' } })).statusCode).toBe(401);
  });
});

describe('PUT /v1/org/logo: the image is decoded, not only its first bytes', () => {
  it('refuses a PNG header before HTML, a truncated PNG and a JPEG header before a PDF with "invalid file type"', async () => {
    const owner = await createOwner(ctx.app);
    for (const content of [
      Buffer.concat([PNG.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')]),
      // Cut inside its pixel data (IDAT).
      PNG.subarray(0, PNG.length - 20),
      Buffer.concat([JPEG.subarray(0, 3), Buffer.from('%PDF-1.7 not an image')]),
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]),
    ]) {
      const response = await upload(owner.headers, { filename: 'logo.png', type: 'image/png', content });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: 'invalid file type', field: 'file' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers })).statusCode).toBe(404);
  });

  it('stores pixels only: bytes appended after the image and metadata are dropped', async () => {
    const owner = await createOwner(ctx.app);
    const withExif = await image(8, 8)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-location-42' } })
      .toBuffer();
    const polyglot = Buffer.concat([withExif, Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await upload(owner.headers, { filename: 'logo.jpg', type: 'image/jpeg', content: polyglot })).statusCode).toBe(200);
    const logo = await ctx.app.inject({ method: 'GET', url: '/v1/org/logo', headers: owner.headers });
    expect(logo.headers['content-type']).toBe('image/jpeg');
    expect(logo.rawPayload.includes('<html>')).toBe(false);
    expect(logo.rawPayload.includes('secret-location-42')).toBe(false);
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
  });

  it('refuses an image wider or taller than 4096 pixels with a clear message', async () => {
    const owner = await createOwner(ctx.app);
    const wide = await image(4097, 1).png().toBuffer();
    const response = await upload(owner.headers, { filename: 'logo.png', type: 'image/png', content: wide });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The logo must be at most 4096 × 4096 pixels', field: 'file' });
  });
});
