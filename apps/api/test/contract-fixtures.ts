import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';

type Headers = Record<string, string>;

/** A real PDF: a US Letter page and an A4 page (a size other than 612x792), each with a line of text. */
export async function twoPagePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([612, 792]).drawText('Page one: the agreement', { x: 72, y: 700, size: 14, font });
  document.addPage([595.28, 841.89]).drawText('Page two: signatures', { x: 72, y: 760, size: 14, font });
  return Buffer.from(await document.save());
}

/** A multipart body of text fields and an optional PDF in "file". */
export function contractMultipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----crewpay${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
    );
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const block = (n: number, page: number, x = 100, y = 600) => ({
  x,
  y,
  type: 'signature',
  width: 80,
  height: 16,
  required: true,
  signer: 0,
  api_id: `signature_field_${n}`,
  page,
});

export async function postContract(
  app: FastifyInstance,
  headers: Headers,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer },
) {
  const body = contractMultipart(fields, file);
  return app.inject({ method: 'POST', url: '/v1/contracts', headers: { ...headers, ...body.headers }, payload: body.payload });
}

/** Sends a two-block signature request to the creator; answers the created contract. */
export async function sendContract(app: FastifyInstance, headers: Headers, recipient: string, extra: Record<string, string> = {}) {
  const response = await postContract(
    app,
    headers,
    {
      title: 'Creator agreement',
      type: 'signature_request',
      recipient,
      recipient_type: 'creator',
      expiration_date: '2099-12-31',
      formFields: JSON.stringify([block(1, 1), block(2, 2, 300, 400)]),
      ...extra,
    },
    { name: 'agreement.pdf', bytes: await twoPagePdf() },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; display_status: string; preview_state: string; signature_request_id: string | null }>();
}
