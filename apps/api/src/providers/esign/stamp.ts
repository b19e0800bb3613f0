import { createHash } from 'node:crypto';
import { ParseSpeeds, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { fromReferenceRect, type SignatureField } from '@crewpay/core';
import type { SignatureInput } from './types.ts';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** PDF text is WinAnsi in the standard fonts: anything outside it becomes '?', never an exception. */
const winAnsi = (value: string) => value.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

/**
 * A block's rectangle in the page's own points. Fields are stored top-left based on a 612x792
 * page (as Dropbox Sign's are); PDF draws from the bottom left of the page's crop box.
 */
function blockRectangle(page: PDFPage, field: SignatureField) {
  const box = page.getCropBox();
  const rect = fromReferenceRect(field, { width: box.width, height: box.height });
  return { x: box.x + rect.x, y: box.y + box.height - rect.y - rect.height, width: rect.width, height: rect.height };
}

async function drawSignature(
  document: PDFDocument,
  page: PDFPage,
  field: SignatureField,
  signature: SignatureInput['signature'],
  font: PDFFont,
) {
  const rect = blockRectangle(page, field);
  if (signature.type === 'drawn') {
    const image = await document.embedPng(signature.png);
    const scale = Math.min(rect.width / image.width, rect.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, { x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width, height });
  } else {
    const text = winAnsi(signature.text);
    // As large as fits the block's height and width.
    const size = Math.max(
      4,
      Math.min(rect.height * 0.8, (rect.height * 0.8 * rect.width) / Math.max(1, font.widthOfTextAtSize(text, rect.height * 0.8))),
    );
    page.drawText(text, { x: rect.x + 1, y: rect.y + (rect.height - size) / 2 + size * 0.2, size, font, color: rgb(0.05, 0.1, 0.45) });
  }
  page.drawLine({ start: { x: rect.x, y: rect.y }, end: { x: rect.x + rect.width, y: rect.y }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
}

/** Lines of at most `width` points (long values such as user agents wrap). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of winAnsi(text)) {
    if (font.widthOfTextAtSize(line + char, size) > width) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  return [...lines, line];
}

function drawAuditPage(document: PDFDocument, rows: [string, string][], fonts: { regular: PDFFont; bold: PDFFont }) {
  const page = document.addPage([612, 792]);
  let y = 730;
  page.drawText('Signature certificate', { x: 56, y, size: 20, font: fonts.bold });
  y -= 22;
  page.drawText('Signed electronically with Crewpay e-signature', {
    x: 56,
    y,
    size: 10,
    font: fonts.regular,
    color: rgb(0.35, 0.35, 0.35),
  });
  y -= 34;
  for (const [label, value] of rows) {
    page.drawText(winAnsi(label), { x: 56, y, size: 10, font: fonts.bold });
    for (const line of wrap(value, fonts.regular, 10, 330)) {
      page.drawText(line, { x: 220, y, size: 10, font: fonts.regular });
      y -= 14;
    }
    y -= 8;
  }
  y -= 10;
  const note =
    'The SHA-256 of the original is that of the file the sender uploaded. The SHA-256 of the signed content is that of the ' +
    'document with the signatures stamped, before this page was added; the final file\u2019s SHA-256 is recorded by Crewpay with the contract.';
  for (const line of wrap(note, fonts.regular, 8, 500)) {
    page.drawText(line, { x: 56, y, size: 8, font: fonts.regular, color: rgb(0.35, 0.35, 0.35) });
    y -= 11;
  }
}

/** Runs in the PDF worker thread (pdf-tasks.ts): pdf-lib need not yield between objects, nothing else waits on this thread. */
const unyielding = { parse: { parseSpeed: ParseSpeeds.Fastest }, save: { objectsPerTick: Infinity } };

/** Stamps every block with the signature, then appends the audit page. Answers the bytes and their hashes. */
export async function stampSignedPdf(options: {
  original: Uint8Array;
  title: string;
  contract_ref: string;
  form_fields: SignatureField[];
  signature: SignatureInput;
}): Promise<{ bytes: Uint8Array; original_sha256: string; stamped_sha256: string; signed_sha256: string; audit: Record<string, string> }> {
  const document = await PDFDocument.load(options.original, { updateMetadata: false, throwOnInvalidObject: true, ...unyielding.parse });
  const signatureFont = await document.embedFont(StandardFonts.TimesRomanItalic);
  const pages = document.getPages();
  for (const field of options.form_fields) {
    const page = pages[field.page - 1];
    if (page) await drawSignature(document, page, field, options.signature.signature, signatureFont);
  }
  const stamped = await document.save({ useObjectStreams: false, ...unyielding.save });
  const original_sha256 = sha256(options.original);
  const stamped_sha256 = sha256(stamped);
  const audit: Record<string, string> = {
    document_title: options.title,
    reference: options.contract_ref,
    signer_name: options.signature.signer_name,
    signer_email: options.signature.signer_email,
    signed_at: options.signature.signed_at.toISOString(),
    ip: options.signature.ip,
    user_agent: options.signature.user_agent,
    signature_type: options.signature.signature.type,
    original_sha256,
    stamped_sha256,
  };
  const withAudit = await PDFDocument.load(stamped, { updateMetadata: false, ...unyielding.parse });
  const fonts = {
    regular: await withAudit.embedFont(StandardFonts.Helvetica),
    bold: await withAudit.embedFont(StandardFonts.HelveticaBold),
  };
  drawAuditPage(
    withAudit,
    [
      ['Document', audit.document_title!],
      ['Reference', audit.reference!],
      ['Signer', audit.signer_name!],
      ['Signer email', audit.signer_email!],
      ['Signed at (UTC)', audit.signed_at!],
      ['IP address', audit.ip!],
      ['User agent', audit.user_agent || '-'],
      ['Signature', `${audit.signature_type} signature, consent to sign electronically given`],
      ['Signature blocks', String(options.form_fields.length)],
      ['SHA-256 of the original', original_sha256],
      ['SHA-256 of the signed content', stamped_sha256],
    ],
    fonts,
  );
  const bytes = await withAudit.save({ useObjectStreams: false, ...unyielding.save });
  return { bytes, original_sha256, stamped_sha256, signed_sha256: sha256(bytes), audit };
}
