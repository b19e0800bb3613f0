import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crewpay-web-'));
const bundle = 'console.log("the app");'.repeat(100);
const signInPage = `<!doctype html><div id="root" data-prerendered="/signin"><h1>Welcome back</h1>${'<p>form</p>'.repeat(100)}</div>`;
const app = Fastify();

beforeAll(async () => {
  fs.mkdirSync(path.join(root, 'assets'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  const file = path.join(root, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, bundle);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bundle));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bundle));
  fs.writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, 'signin.html'), signInPage);
  fs.writeFileSync(path.join(root, 'signin.html.br'), zlib.brotliCompressSync(signInPage));
  fs.writeFileSync(path.join(root, 'signin.html.gz'), zlib.gzipSync(signInPage));
  await registerWebApp(app, { root });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Asks for `url` as brotli, gzip and plain, checks that each answer has that encoding and decodes
 * to `body`, and returns the three answers for their other headers.
 */
async function eachEncoding(url: string, body: string) {
  const brotli = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(body);
  const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(body);
  const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(body);
  return [brotli, gzip, plain];
}

describe('serving the built app', () => {
  it('sends the precompressed brotli or gzip copy the browser accepts, cached for a year', async () => {
    for (const answer of await eachEncoding('/assets/index-abc123.js', bundle)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('never lets a browser cache index.html, and caches unhashed files for an hour', async () => {
    const page = await app.inject({ url: '/payments?page=2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('id="root"');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers /signin with the prerendered sign-in page, compressed and never cached without asking', async () => {
    for (const url of ['/signin', '/signin?next=%2Fpayments']) {
      for (const answer of await eachEncoding(url, signInPage)) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toBe('Accept-Encoding');
      }
    }
  });

  it('answers the other routes of the app with index.html, not the prerendered page', async () => {
    for (const url of ['/', '/signup/join', '/signin/extra', '/payments']) {
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe('<!doctype html><div id="root"></div>');
    }
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    const missing = await app.inject({ url: '/v1/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Route GET /v1/nothing-here not found', code: 'not_found' });
  });
});
