import type { ProviderSettings } from '../../config.ts';
import { buildFormData, type FormPart } from '../../lib/form-data.ts';
import { ProviderCallError } from '../contract.ts';

export type DropboxSignSettings = ProviderSettings['dropboxSign'];

/** A file to upload (files[0], files[1] ...). */
type UploadFile = { name: string; bytes: Buffer };
/** A multipart request's fields as Dropbox Sign's own SDKs encode them: files indexed, objects as JSON, booleans as text. */
type FormFields = Record<string, string | number | boolean | object | undefined> & { files?: UploadFile[] };

/** The longest a Dropbox Sign call may take; a signed file of 25 MB must fit. */
const TIMEOUT_MS = 60_000;

function formParts(fields: FormFields): FormPart[] {
  const parts: FormPart[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (name === 'files')
      (value as UploadFile[]).forEach((file, index) =>
        parts.push({ name: `files[${index}]`, filename: file.name, contentType: 'application/pdf', value: file.bytes }),
      );
    else parts.push({ name, value: Buffer.from(typeof value === 'object' ? JSON.stringify(value) : String(value)) });
  }
  return parts;
}

/**
 * Dropbox Sign's API v3 with the account's API key (HTTP basic, the key as the user name). Plain
 * fetch rather than the @dropbox/sign SDK (docs/decisions.md). Failures as the outbox understands
 * them: 429, 409 (a file still being processed) and 5xx are tried again, other 4xx are final with
 * Dropbox Sign's error_name as the code (never its message, which can name a signer).
 */
export function dropboxSignClient(settings: DropboxSignSettings) {
  const { apiKey, apiBase } = settings;
  if (!apiKey) throw new ProviderCallError({ code: 'dropbox_sign_not_configured', retryable: false });
  const authorization = `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;

  async function send(method: 'GET' | 'POST', path: string, init: { body?: Buffer | string; contentType?: string } = {}) {
    let response: Response;
    try {
      response = await fetch(`${apiBase}/v3${path}`, {
        method,
        headers: { authorization, ...(init.contentType ? { 'content-type': init.contentType } : {}) },
        // A Buffer is a body to Node's fetch but not to the DOM's types (the e2e project reads this file through the fake).
        ...(init.body === undefined ? {} : { body: typeof init.body === 'string' ? init.body : new Uint8Array(init.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderCallError({ code: 'dropbox_sign_unreachable', retryable: true });
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => ({}))) as { error?: { error_name?: string } };
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    throw new ProviderCallError({
      code: `dropbox_sign_${body.error?.error_name ?? response.status}`,
      retryable: response.status === 429 || response.status === 409 || response.status >= 500,
      retryAfterMs: response.status === 429 && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) : undefined,
    });
  }

  return {
    async json<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const response = await send(method, path, body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' });
      return (await response.json().catch(() => ({}))) as T;
    },
    async multipart<T>(path: string, fields: FormFields): Promise<T> {
      const form = buildFormData(formParts(fields));
      return (await (await send('POST', path, { body: form.body, contentType: form.contentType })).json()) as T;
    },
    /** A file's bytes (GET /signature_request/files/{id}). */
    async file(path: string): Promise<Buffer> {
      return Buffer.from(await (await send('GET', path)).arrayBuffer());
    },
  };
}
