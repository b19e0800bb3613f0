import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildFormData, parseFormData } from '../src/lib/form-data.ts';
import { dropboxSignEventHash } from '../src/providers/esign/dropbox-sign-callback.ts';
import { embeddedEditorPage } from './dropbox-sign-editor-page.ts';
import { startHttpFake, type FakeAnswer, type FakeRequest } from './http-fake.ts';
import { createOpenApiCheck, loadOpenApi } from './openapi-check.ts';

export const DROPBOX_SIGN_FAKE = { apiKey: 'crewpay-fake-dropbox-sign-api-key-0123456789abcdef', clientId: 'f'.repeat(32) };

type Json = Record<string, unknown>;
type SignatureRequest = {
  id: string;
  title: string;
  metadata: Json;
  signer: { name: string; email: string };
  original: Buffer | null;
  template_ids: string[] | null;
  signed_at: number | null;
  declined_at: number | null;
  signed: Buffer | null;
  test_mode: boolean;
};
type Template = { id: string; title: string; metadata: Json; saved: boolean };
type DropboxSignCallback = { url: string; payload: Json };

const now = () => Math.floor(Date.now() / 1000);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const refuse = (status: number, name: string, message: string): FakeAnswer => ({
  status,
  body: { error: { error_msg: message, error_name: name } },
});

/** The signed copy as Dropbox Sign makes it: the original's pages and an audit trail page. */
async function signedPdf(request: SignatureRequest): Promise<Buffer> {
  const document = request.original ? await PDFDocument.load(request.original) : await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.drawText(`Audit trail: ${request.title}`, { x: 72, y: 720, size: 12, font });
  page.drawText(`Signed by ${request.signer.name} at ${request.signed_at ?? 0}`, { x: 72, y: 700, size: 10, font });
  return Buffer.from(await document.save());
}

/**
 * Dropbox Sign's API v3 on a local port: basic auth with the API key, multipart and JSON bodies,
 * its error bodies, and the callbacks it would POST (multipart, the payload in `json`, its
 * event_hash keyed with the API key). Every request and answer goes through the official OpenAPI
 * description (fakes/openapi/dropbox-sign.json): a request that breaks it is refused with 400
 * as the real service does, and every problem is kept in `problems` for the tests to assert none.
 * Signing and saving in the embedded editor happen on Dropbox Sign's pages: `sign` and
 * `saveTemplate` (or POST /_fake/... standalone) stand in for them.
 */
export async function startDropboxSignFake(options: { port?: number; callbackUrl?: string } = {}) {
  const check = createOpenApiCheck(loadOpenApi('dropbox-sign'));
  const problems: string[] = [];
  const requests = new Map<string, SignatureRequest>();
  const templates = new Map<string, Template>();
  const callbacks: DropboxSignCallback[] = [];
  const delivery = { overHttp: false };
  const callbackUrl = options.callbackUrl ?? 'http://crewpay.test/v1/webhooks/dropbox-sign';
  // The fake's own address, known once it listens: its edit_url opens its stand-in editor page.
  const self = { url: '' };

  const requestAnswer = (request: SignatureRequest): Json => ({
    signature_request_id: request.id,
    test_mode: request.test_mode,
    title: request.title,
    original_title: request.title,
    subject: request.title,
    metadata: request.metadata,
    created_at: now(),
    is_complete: request.signed_at !== null,
    is_declined: request.declined_at !== null,
    has_error: false,
    template_ids: request.template_ids,
    signatures: [
      {
        signature_id: request.id.slice(0, 32),
        signer_email_address: request.signer.email,
        signer_name: request.signer.name,
        order: 0,
        status_code: request.signed_at !== null ? 'signed' : request.declined_at !== null ? 'declined' : 'awaiting_signature',
        signed_at: request.signed_at,
      },
    ],
  });
  const templateAnswer = (template: Template): Json => ({ template_id: template.id, title: template.title, metadata: template.metadata });

  function fields(request: FakeRequest): Json {
    const type = request.headers['content-type'];
    if (!/^multipart\/form-data/i.test(type ?? '')) return JSON.parse(request.body || '{}') as Json;
    const result: Json = { files: [] as Buffer[] };
    for (const part of parseFormData(request.raw, type)) {
      if (part.name.startsWith('files[')) (result.files as Buffer[]).push(part.value);
      else
        result[part.name] = /^[[{]/.test(part.value.toString('utf8'))
          ? JSON.parse(part.value.toString('utf8'))
          : part.value.toString('utf8');
    }
    return result;
  }

  function send(body: Json, original: Buffer | null, templateIds: string[] | null): FakeAnswer {
    const signer = (body.signers as { name?: string; email_address?: string }[] | undefined)?.[0];
    if (!signer?.email_address || !signer.name) return refuse(400, 'bad_request', 'Must specify at least one signer');
    if (body.client_id !== undefined && body.client_id !== DROPBOX_SIGN_FAKE.clientId)
      return refuse(404, 'not_found', 'No API app found with that client_id');
    const id = hex(20);
    const request: SignatureRequest = {
      id,
      title: String(body.title ?? ''),
      metadata: (body.metadata as Json | undefined) ?? {},
      signer: { name: signer.name, email: signer.email_address },
      original,
      template_ids: templateIds,
      signed_at: null,
      declined_at: null,
      signed: null,
      test_mode: body.test_mode === true || body.test_mode === 'true',
    };
    requests.set(id, request);
    return { status: 200, body: { signature_request: requestAnswer(request) } };
  }

  async function route(request: FakeRequest): Promise<FakeAnswer> {
    const path = request.path.replace(/^\/v3/, '');
    const byId = /^\/signature_request\/(?:files\/|cancel\/|remind\/)?([^/]+)$/.exec(path)?.[1];
    const known = byId ? requests.get(byId) : undefined;
    if (request.method === 'POST' && path === '/signature_request/send') {
      const body = fields(request);
      const files = body.files as Buffer[];
      if (files.length === 0) return refuse(400, 'bad_request', 'Must specify files or file_urls');
      const document = await PDFDocument.load(files[0]!).catch(() => null);
      if (!document) return refuse(400, 'bad_request', 'The file could not be converted');
      const pages = document.getPageCount();
      const outside = (body.form_fields_per_document as { page?: number }[] | undefined)?.find((field) => (field.page ?? 1) > pages);
      if (outside) return refuse(400, 'bad_request', 'A form field is on a page the document does not have');
      return send(body, files[0]!, null);
    }
    if (request.method === 'POST' && path === '/signature_request/send_with_template') {
      const body = fields(request);
      const ids = (body.template_ids as string[] | undefined) ?? [];
      const template = templates.get(ids[0] ?? '');
      if (!template?.saved) return refuse(404, 'not_found', 'Template not found');
      return send(body, null, ids);
    }
    if (request.method === 'POST' && path === '/template/create_embedded_draft') {
      const body = fields(request);
      if (body.client_id !== DROPBOX_SIGN_FAKE.clientId) return refuse(404, 'not_found', 'No API app found with that client_id');
      if ((body.files as Buffer[]).length === 0) return refuse(400, 'bad_request', 'Must specify files or file_urls');
      const template: Template = { id: hex(20), title: String(body.title ?? ''), metadata: (body.metadata as Json) ?? {}, saved: false };
      templates.set(template.id, template);
      const edit_url = `${self.url}/_fake/embedded/${template.id}?cached_params_token=${hex(16)}`;
      return { status: 200, body: { template: { template_id: template.id, edit_url, expires_at: now() + 3600 } } };
    }
    if (!known) return refuse(404, 'not_found', 'Not found');
    if (request.method === 'GET' && path.startsWith('/signature_request/files/')) {
      if (!known.signed) return refuse(409, 'conflict', 'Files are still being processed. Please try again later.');
      return { status: 200, body: known.signed, headers: { 'content-type': 'application/pdf' } };
    }
    if (request.method === 'GET') return { status: 200, body: { signature_request: requestAnswer(known) } };
    if (path.startsWith('/signature_request/cancel/')) {
      requests.delete(known.id);
      return { status: 200 };
    }
    return { status: 200, body: { signature_request: requestAnswer(known) } };
  }

  /** Every exchange through the official description; a request that breaks it is refused as Dropbox Sign refuses it. */
  async function checkedRoute(request: FakeRequest): Promise<FakeAnswer> {
    if (request.path === '/_fake/state') return { status: 200, body: state() };
    const editor = /^\/_fake\/embedded\/([^/]+)$/.exec(request.path);
    const edited = editor && request.method === 'GET' ? templates.get(editor[1]!) : undefined;
    if (edited) return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, raw: embeddedEditorPage(edited) };
    const standalone = /^\/_fake\/(sign|templates)\/([^/]+)$/.exec(request.path);
    if (standalone && request.method === 'POST') {
      if (standalone[1] === 'sign') await sign(standalone[2]!);
      else saveTemplate(standalone[2]!);
      await deliverPendingOverHttp();
      return { status: 200, body: { ok: true } };
    }
    if (request.headers.authorization !== `Basic ${Buffer.from(`${DROPBOX_SIGN_FAKE.apiKey}:`).toString('base64')}`)
      return refuse(401, 'unauthorized', 'Unauthorized api key');
    const path = request.path.replace(/^\/v3/, '');
    const asked = { method: request.method, path, query: request.query, contentType: request.headers['content-type'], body: request.body };
    const refused = check.checkRequest({ ...asked, rawBody: request.raw });
    if (refused.length > 0) {
      problems.push(...refused.map((problem) => `${request.method} ${path}: ${problem}`));
      return refuse(400, 'bad_request', refused.join('; '));
    }
    const answer = await route(request);
    if (!Buffer.isBuffer(answer.body))
      problems.push(...check.checkAnswer(asked, answer).map((problem) => `${request.method} ${path} answer: ${problem}`));
    return answer;
  }

  /** A callback as Dropbox Sign posts it, its payload checked against the description's EventCallbackRequest. */
  function queueCallback(eventType: string, object: Json): DropboxSignCallback {
    const event_time = String(now());
    const payload = {
      event: {
        event_time,
        event_type: eventType,
        event_hash: dropboxSignEventHash(DROPBOX_SIGN_FAKE.apiKey, event_time, eventType),
        event_metadata: { related_signature_id: null, reported_for_account_id: hex(20), reported_for_app_id: DROPBOX_SIGN_FAKE.clientId },
      },
      ...object,
    };
    problems.push(...check.checkSchema('/components/schemas/EventCallbackRequest', payload).map((problem) => `callback: ${problem}`));
    const callback = { url: callbackUrl, payload };
    callbacks.push(callback);
    return callback;
  }

  /** The signer signs on Dropbox Sign's page: the request completes and its callbacks are queued. */
  async function sign(requestId: string): Promise<void> {
    const request = requests.get(requestId);
    if (!request) throw new Error(`no signature request ${requestId}`);
    request.signed_at = now();
    request.signed = await signedPdf(request);
    queueCallback('signature_request_signed', { signature_request: requestAnswer(request) });
    queueCallback('signature_request_all_signed', { signature_request: requestAnswer(request) });
  }

  /** The signer declines on Dropbox Sign's page: the request ends and its callback is queued. */
  function decline(requestId: string): void {
    const request = requests.get(requestId);
    if (!request) throw new Error(`no signature request ${requestId}`);
    request.declined_at = now();
    queueCallback('signature_request_declined', { signature_request: requestAnswer(request) });
  }

  /** The sender saves the template in the embedded editor: Dropbox Sign sends template_created. */
  function saveTemplate(templateId: string): void {
    const template = templates.get(templateId);
    if (!template) throw new Error(`no template ${templateId}`);
    template.saved = true;
    queueCallback('template_created', { template: templateAnswer(template) });
  }

  const multipartOf = (callback: DropboxSignCallback) =>
    buildFormData([{ name: 'json', value: Buffer.from(JSON.stringify(callback.payload)) }]);

  async function deliverPendingOverHttp(): Promise<void> {
    if (!delivery.overHttp) return;
    for (const callback of callbacks.splice(0)) {
      const form = multipartOf(callback);
      await fetch(callback.url, { method: 'POST', headers: { 'content-type': form.contentType }, body: form.body }).catch(() => undefined);
    }
  }

  const state = () => ({
    signature_requests: [...requests.values()].map((request) => ({
      id: request.id,
      title: request.title,
      metadata: request.metadata,
      from_template: request.template_ids?.[0] ?? null,
      status: request.signed_at === null ? 'awaiting_signature' : 'signed',
      signed_file_bytes: request.signed?.length ?? 0,
    })),
    templates: [...templates.values()],
    problems,
  });

  const fake = await startHttpFake(checkedRoute, options);
  self.url = fake.url;
  return {
    ...fake,
    settings: {
      ESIGN_PROVIDER: 'dropbox_sign',
      DROPBOX_SIGN_API_KEY: DROPBOX_SIGN_FAKE.apiKey,
      DROPBOX_SIGN_CLIENT_ID: DROPBOX_SIGN_FAKE.clientId,
      DROPBOX_SIGN_API_BASE: fake.url,
      DROPBOX_SIGN_EMBEDDED_ORIGIN: fake.url,
    },
    problems,
    delivery,
    state,
    signatureRequest: (id: string) => requests.get(id),
    sign,
    decline,
    saveTemplate,
    takeCallbacks: () => callbacks.splice(0),
    /** POSTs a callback to our route as Dropbox Sign does (or with another key's hash: a forgery). */
    deliver(app: FastifyInstance, callback: DropboxSignCallback, options: { apiKey?: string } = {}) {
      const event = callback.payload.event as { event_time: string; event_type: string };
      const payload = options.apiKey
        ? { ...callback.payload, event: { ...event, event_hash: dropboxSignEventHash(options.apiKey, event.event_time, event.event_type) } }
        : callback.payload;
      const form = multipartOf({ ...callback, payload });
      return app.inject({
        method: 'POST',
        url: new URL(callback.url).pathname,
        headers: { 'content-type': form.contentType },
        payload: form.body,
      });
    },
  };
}

export type DropboxSignFake = Awaited<ReturnType<typeof startDropboxSignFake>>;
